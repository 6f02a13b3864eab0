import { TemplateError, TemplateRefusal } from './prompt-renderer.js';
import { strftime } from './strftime.js';

/** The longest list `range()` makes (a template loops over messages or tools, never near this). */
const maxRangeLength = 1_000_000;

/** Python's `range(stop)` / `range(start, stop[, step])` as a list; `TemplateError` past the bound. */
function range(start: unknown, stop?: unknown, step: unknown = 1): number[] {
  let from = Number(start);
  let to = Number(stop);
  if (stop === undefined) {
    to = from;
    from = 0;
  }
  const by = Number(step);
  if (!Number.isInteger(from) || !Number.isInteger(to) || !Number.isInteger(by) || by === 0)
    throw new TemplateError('range() takes integers and a non-zero step');
  const length = Math.max(0, Math.ceil((to - from) / by));
  if (length > maxRangeLength)
    throw new TemplateError(`range() of ${length} items (at most ${maxRangeLength})`);
  return Array.from({ length }, (_, index) => from + index * by);
}

/**
 * The globals a chat template sees besides its variables, as transformers defines them: the constants
 * `true` / `false` / `none` (and Python's `True` / `False` / `None`), `range`, `strftime_now(format)`
 * (`date` in C `strftime` codes: the render date, so one request prints one date) and
 * `raise_exception(message)`, which throws `TemplateRefusal` with the template's message after `name`
 * (the caller gives the file's name without its folders: the message reaches clients).
 * (They replace `@huggingface/jinja`'s own, whose `strftime_now` reads the clock and knows 7 codes.)
 */
export function jinjaGlobals(name: string, date: Date): Record<string, unknown> {
  return {
    true: true,
    false: false,
    none: null,
    True: true,
    False: false,
    None: null,
    range,
    strftime_now: (format: unknown) => strftime(date, String(format)),
    raise_exception: (message: unknown) => {
      throw new TemplateRefusal(`${name}: the chat template refused the conversation: ${String(message)}`);
    },
  };
}
