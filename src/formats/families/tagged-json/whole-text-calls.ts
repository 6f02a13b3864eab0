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
import type { SchemaAlignment } from '../../../schema/schema-alignment.js';
import type {
  InvalidToolCall,
  ParseResult,
  ToolCall,
  ToolCallFlag,
  ToolCallIssue,
  ToolCallRepair,
} from '../../../types/tool-call.js';
import type { ReasoningTags } from '../../core/base-parser.js';
import { type ArgumentsForCallOptions, argumentsForCall } from '../../core/build-arguments.js';
import { argumentOptionsFor, callVerdict, unknownToolIssue } from '../../core/call-verdict.js';
import { toolIndexOf } from '../../core/checked-tools.js';
import type { FormatOptions } from '../../format-definition.js';
import type { CallKeys } from './call-object.js';
import { nameThenArguments } from './name-then-arguments.js';
import type { TaggedJsonConfig } from './tagged-json-config.js';
import { taggedJsonPlan } from './tagged-json-plan.js';

/** How a call read here ended: at its own end marker, nothing fed (see `callVerdict`). */
const atEndMarker = { missingEndMarker: false, fed: '' } as const;

/** What `wholeTextCalls` reads with, made once per config (`wholeTextPlan`). */
export interface WholeTextPlan {
  readonly start: string;
  readonly end: string;
  readonly reasoning: ReasoningTags | undefined;
  readonly keys: CallKeys;
}

/**
 * The plan to read outputs of `config`'s parser with, when that parser reads its usual outputs as
 * `wholeTextCalls` does: one start and one end marker, and none of the options of the config that
 * change what follows a start marker or what text mode searches for. `undefined` for other configs.
 */
export function wholeTextPlan(config: TaggedJsonConfig): WholeTextPlan | undefined {
  const [start, ...otherStarts] = config.start;
  const [end, ...otherEnds] = config.end;
  if (
    start === undefined ||
    end === undefined ||
    otherStarts.length > 0 ||
    otherEnds.length > 0 ||
    config.startNeedsJson === true ||
    config.fence === true ||
    config.bareArrayAtStart === true ||
    config.endsWithOutput === true ||
    config.nameIsKey === true ||
    (config.dropMarkers !== undefined && config.dropMarkers.length > 0)
  )
    return undefined;
  return { start, end, reasoning: config.reasoning, keys: taggedJsonPlan(config).keys };
}

/**
 * The result of parsing `text` whole with the parser `plan` was made for, under the format id
 * `format`, or `undefined` when the text or the options are not the usual ones. `options` are checked
 * (`checkFormatOptions`); `defaultAlign`: the alignment the parser uses when they give no `align`.
 *
 * Given up on (`undefined`): options that change content or reasoning (`content` other than
 * `verbatim`, `reasoningStartedInPrompt`, `inputEvents`), a reasoning tag in the text outside a call,
 * a start marker not followed by a `{`, a call without an end marker after it, and a body that is not
 * exactly the name and arguments members (`nameThenArguments`).
 */
export function wholeTextCalls(
  text: string,
  format: string,
  plan: WholeTextPlan,
  options: FormatOptions,
  defaultAlign: SchemaAlignment | undefined,
): ParseResult | undefined {
  if (
    options.reasoningStartedInPrompt === true ||
    options.inputEvents === true ||
    (options.content !== undefined && options.content !== 'verbatim')
  )
    return undefined;
  const { start, end, keys } = plan;
  // The parser is made with a copy of the options' own enumerable properties (`parseToolCalls`,
  // `createToolCallStream`), so a `reasoning` inherited (a class getter) or not enumerable is one it
  // never sees: it splits reasoning then, and so does this reading. (Options that give `tools`, the
  // others read here, are such a copy already: `checkFormatOptions`.)
  const tags =
    options.reasoning === 'content' && Object.prototype.propertyIsEnumerable.call(options, 'reasoning')
      ? undefined
      : plan.reasoning;
  const tools = options.tools ? toolIndexOf(options.tools) : undefined;
  const align = options.align ?? defaultAlign;
  // What `callVerdict` hands `argumentsForCall`; made for the first call that is aligned.
  let argumentOptions: ArgumentsForCallOptions | undefined;
  let content = '';
  const toolCalls: ToolCall[] = [];
  const invalidToolCalls: InvalidToolCall[] = [];
  let position = 0;
  for (let count = 0; ; count++) {
    const at = text.indexOf(start, position);
    const contentEnd = at < 0 ? text.length : at;
    if (contentEnd > position) {
      const piece = position === 0 && contentEnd === text.length ? text : text.slice(position, contentEnd);
      // Reasoning blocks (and a close tag after a call in one) are the parser's to sort out. Searched
      // per piece of content, not in the whole text: the calls' bodies are most of it.
      if (tags !== undefined && (piece.includes(tags.open) || piece.includes(tags.close))) return undefined;
      content += piece;
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
    const id = callId(count);
    const name = body.name;
    // One look-up for both: every tool offered has a parameters schema (`normalizeTools` gives one
    // to a tool without), so only a tool not offered has none.
    const schema = tools?.parameters(name);
    const unknown = tools !== undefined && schema === undefined;
    if (unknown && !options.allowUnknownTools) {
      invalidToolCalls.push(invalidCall(id, name, raw, [unknownToolIssue(name)]));
      continue;
    }
    if (!unknown && body.shallow && (schema === undefined || align === undefined)) {
      // Nothing to align, no depth to check: `callVerdict` would pass the arguments object as it is.
      toolCalls.push({ id, name, arguments: body.argumentsValue, raw });
      continue;
    }
    const parts = { name, argumentsValue: body.argumentsValue, argumentsShallow: body.shallow };
    if (unknown || !body.shallow) {
      // The rarer calls go through `callVerdict` itself.
      const verdictOptions = options.align === align ? options : Object.assign({}, options, { align });
      const verdict = callVerdict(parts, raw, schema, unknown, verdictOptions, atEndMarker);
      if (verdict.ok) toolCalls.push(validCall(id, name, raw, verdict.input, verdict, verdict.repairs));
      else invalidToolCalls.push(invalidCall(id, name, raw, verdict.issues, verdict.repairs));
      continue;
    }
    // A known tool, shallow arguments: what `callVerdict` gives, its arguments aligned by
    // `argumentsForCall`. Arguments given as a value come out with no repairs, and a call at its end
    // marker has none either, so neither `finishReason` nor `strictFormat` can refuse it.
    argumentOptions ??= argumentOptionsFor(options, align);
    const result = argumentsForCall(parts, schema, argumentOptions);
    if (result.ok) toolCalls.push(validCall(id, name, raw, result.value, result, undefined));
    else invalidToolCalls.push(invalidCall(id, name, raw, result.issues));
  }
  return { format, content, reasoning: '', toolCalls, invalidToolCalls };
}

/** `call_0`, `call_1`, ...: made once each, not once per parse. */
const callIds: string[] = [];

function callId(index: number): string {
  if (index >= 256) return `call_${index}`;
  for (let next = callIds.length; next <= index; next++) callIds.push(`call_${next}`);
  return callIds[index] as string;
}

/** A call as `EventCollector` makes it from the parser's `tool-call` event. */
function validCall(
  id: string,
  name: string,
  raw: string,
  input: Record<string, unknown>,
  found: { readonly issues?: readonly ToolCallIssue[]; readonly flags?: readonly ToolCallFlag[] },
  repairs: readonly ToolCallRepair[] | undefined,
): ToolCall {
  if (
    found.issues === undefined &&
    found.flags === undefined &&
    (repairs === undefined || repairs.length === 0)
  )
    return { id, name, arguments: input, raw };
  return {
    id,
    name,
    arguments: input,
    raw,
    ...(found.issues ? { issues: found.issues } : {}),
    ...(found.flags ? { flags: found.flags } : {}),
    ...(repairs !== undefined && repairs.length > 0 ? { repairs } : {}),
  };
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
