/**
 * A whole-text parse of the usual tagged-JSON output (`parseToolCalls` with a format whose parser is a
 * `TaggedJsonParser` of one start and one end marker): prose, then calls that each hold exactly
 * `{"name": "…", "arguments": {…}}` between their markers. Such an output is read with two `indexOf`
 * and one `JSON.parse` per call, without the incremental parser's machinery (its events, raw-text
 * recording, per-parse state). Anything else makes it give up before it has returned anything, and
 * the caller runs the parser: the answer, when there is one, is the parser's answer.
 *
 * What it must agree with, step by step, is the parser's own fast path for a body that came in one
 * piece (`TaggedJsonParser.tryWholeBody` with `wholeBody` and `nameThenArguments`, then `completeBody`
 * and `endCall`): the same body found by the same search, the same call parts, the same verdict
 * (`callVerdict`), the same result fields in the same order (`EventCollector`).
 */

import { isWhitespace, skipWhitespace } from '../../../internal/whitespace.js';
import type {
  InvalidToolCall,
  ParseResult,
  ToolCall,
  ToolCallIssue,
  ToolCallRepair,
} from '../../../types/tool-call.js';
import { callVerdict } from '../../core/call-verdict.js';
import { toolIndexOf } from '../../core/checked-tools.js';
import type { FormatOptions } from '../../format-definition.js';
import { nameThenArguments } from './name-then-arguments.js';
import type { TaggedJsonConfig } from './tagged-json-config.js';
import { taggedJsonPlan } from './tagged-json-plan.js';

/** How a call read here ended: at its own end marker, nothing fed (see `callVerdict`). */
const atEndMarker = { missingEndMarker: false, fed: '' } as const;

/**
 * Whether the parser of `config` reads an output as this module does when its calls are the usual
 * ones: one start and one end marker, and none of the options of the config that change what follows
 * a start marker or what text mode searches for.
 */
export function readsWholeText(config: TaggedJsonConfig): boolean {
  return (
    config.start.length === 1 &&
    config.end.length === 1 &&
    config.startNeedsJson !== true &&
    config.fence !== true &&
    config.bareArrayAtStart !== true &&
    config.endsWithOutput !== true &&
    config.nameIsKey !== true &&
    (config.dropMarkers === undefined || config.dropMarkers.length === 0)
  );
}

/**
 * The result of parsing `text` whole with the parser of `config` (for which `readsWholeText` holds)
 * under the format id `format`, or `undefined` when the text or the options are not the usual ones.
 * `options` are checked (`checkFormatOptions`), `align` the alignment the parser would use.
 *
 * Given up on (`undefined`): options that change content or reasoning (`content` other than
 * `verbatim`, `reasoningStartedInPrompt`, `inputEvents`), a reasoning tag in the text outside a call,
 * a start marker not followed by a `{`, a call without an end marker after it, and a body that is not
 * exactly the name and arguments members (`nameThenArguments`).
 */
export function wholeTextCalls(
  text: string,
  format: string,
  config: TaggedJsonConfig,
  options: FormatOptions,
): ParseResult | undefined {
  if (
    options.reasoningStartedInPrompt === true ||
    options.inputEvents === true ||
    (options.content !== undefined && options.content !== 'verbatim')
  )
    return undefined;
  const start = config.start[0] as string;
  const end = config.end[0] as string;
  const tags = options.reasoning === 'content' ? undefined : config.reasoning;
  const keys = taggedJsonPlan(config).keys;
  const tools = options.tools ? toolIndexOf(options.tools) : undefined;
  const content: string[] = [];
  const toolCalls: ToolCall[] = [];
  const invalidToolCalls: InvalidToolCall[] = [];
  let position = 0;
  for (let count = 0; ; count++) {
    const at = text.indexOf(start, position);
    const contentEnd = at < 0 ? text.length : at;
    if (contentEnd > position) {
      const piece = position === 0 && contentEnd === text.length ? text : text.slice(position, contentEnd);
      // Reasoning blocks (and a close tag after a call in one) are the parser's to sort out.
      if (tags !== undefined && (piece.includes(tags.open) || piece.includes(tags.close))) return undefined;
      content.push(piece);
    }
    if (at < 0) break;
    const bodyStart = skipWhitespace(text, at + start.length);
    if (text.charCodeAt(bodyStart) !== 0x7b /* { */) return undefined;
    // The body runs to the first end marker, as `wholeBody` finds it: valid JSON up to there (which
    // `nameThenArguments` proves) cannot hold that marker in a string.
    const marker = text.indexOf(end, bodyStart);
    if (marker < 0) return undefined;
    let bodyEnd = marker;
    while (bodyEnd > bodyStart && isWhitespace(text.charCodeAt(bodyEnd - 1))) bodyEnd--;
    const body = nameThenArguments(text, bodyStart, bodyEnd, keys);
    if (body === undefined) return undefined;
    position = marker + end.length;
    const raw = text.slice(at, position);
    // `call_N` with N the call's index: no call here has an id of its own, so all are distinct.
    const id = `call_${count}`;
    const name = body.name;
    const unknown = tools !== undefined && !tools.has(name);
    if (unknown && !options.allowUnknownTools) {
      const issues = [{ code: 'unknown_tool', message: `no tool named "${name}" was offered` }];
      invalidToolCalls.push(invalidCall(id, name, raw, issues));
      continue;
    }
    const schema = tools?.parameters(name);
    if (!unknown && body.shallow && (schema === undefined || options.align === undefined)) {
      // Nothing to align, no depth to check, nothing repaired: `callVerdict` would pass the
      // arguments object as it is, with no issues, flags or repairs.
      toolCalls.push({ id, name, arguments: body.argumentsValue, raw });
      continue;
    }
    const parts = { name, argumentsValue: body.argumentsValue, argumentsShallow: body.shallow };
    const verdict = callVerdict(parts, raw, schema, unknown, options, atEndMarker);
    if (!verdict.ok) {
      invalidToolCalls.push(invalidCall(id, name, raw, verdict.issues, verdict.repairs));
      continue;
    }
    const input = verdict.input;
    const repairs = verdict.repairs;
    toolCalls.push(
      verdict.issues === undefined && verdict.flags === undefined && repairs.length === 0
        ? { id, name, arguments: input, raw }
        : {
            id,
            name,
            arguments: input,
            raw,
            ...(verdict.issues ? { issues: verdict.issues } : {}),
            ...(verdict.flags ? { flags: verdict.flags } : {}),
            ...(repairs.length > 0 ? { repairs } : {}),
          },
    );
  }
  return { format, content: content.join(''), reasoning: '', toolCalls, invalidToolCalls };
}

/** An invalid call as `EventCollector` makes it from the parser's `tool-call-invalid` event. */
function invalidCall(
  id: string,
  name: string,
  raw: string,
  issues: ToolCallIssue[],
  repairs?: readonly ToolCallRepair[],
): InvalidToolCall {
  const error = issues.map((issue) => issue.message).join('; ');
  return repairs && repairs.length > 0
    ? { id, name, raw, error, issues, repairs }
    : { id, name, raw, error, issues };
}
