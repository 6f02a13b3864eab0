/**
 * Decodes one agent-tagged tag or fence body (`../shared/docs/openhuman.md` §1, §1a, §1d) into its
 * calls: P-Format, Kimi-style `NAME{...}`, the JSON values in it, then GLM lines. Pure functions over
 * whole strings (a body is collected by the incremental parser first); all linear in the text
 * length, none throws on model text.
 */

import { isWhitespace, skipWhitespace } from '../../../internal/whitespace.js';
import { parseLenientJson } from '../../../json/parse-lenient-json.js';
import type { CallParts } from '../../core/base-parser.js';
import type { ToolIndex } from '../../core/tool-index.js';
import { balancedSpans } from '../json-spans.js';
import { type PFormatSyntax, parsePFormatCall } from '../p-format.js';
import { type FoundCall, withValueRepairs } from './found-call.js';
import { glmLineCalls } from './glm-line-call.js';
import { parseJsonSpan } from './parse-json-span.js';
import { readCallValue } from './read-call-value.js';

/** What a body decoder needs to know. */
export interface BodyContext {
  readonly tools: ToolIndex | undefined;
  readonly glmShorthand: boolean;
  readonly pformat: PFormatSyntax;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every call in the JSON values of `text[from, to)`, read as `marked` (inside a tag or fence). */
export function jsonValueCalls(
  text: string,
  from: number,
  to: number,
  tools: ToolIndex | undefined,
): FoundCall[] {
  const calls: FoundCall[] = [];
  for (const [start, end] of balancedSpans(text, from, to)) {
    const parsed = parseJsonSpan(text, start, end);
    if (!parsed) continue;
    const found = readCallValue(text, start, end, parsed.value, 'marked', tools).calls;
    calls.push(...withValueRepairs(found, parsed.repairs, start));
  }
  return calls;
}

/** `call:` written before a tag body (Gemma-style garbled output); the offset after it, else `from`. */
function skipCallPrefix(text: string, from: number, to: number): number {
  let position = from;
  while (position < to && isWhitespace(text.charCodeAt(position))) position++;
  if (text.startsWith('call:', position)) return position + 5;
  return from;
}

/**
 * Kimi / Gemma-style `NAME{key:value,...}` body (bare keys, `<|"|>` as the string quote): the call,
 * or `undefined`. The whole trimmed body must be NAME followed by one `{...}`.
 */
export function kimiBodyCall(body: string): CallParts | undefined {
  const text = body.trim();
  const open = text.indexOf('{');
  if (open <= 0 || !text.endsWith('}')) return undefined;
  const name = text.slice(0, open);
  if (!/^[A-Za-z_][\w.-]{0,127}$/.test(name)) return undefined;
  const json = text.slice(open).replaceAll('<|"|>', '"').replaceAll('<|">', '"');
  const parsed = parseLenientJson(json);
  if (!parsed.ok || !isRecord(parsed.value)) return undefined;
  return { name, argumentsValue: parsed.value };
}

/**
 * Decodes one tag or fence body `text[from, to)`, first success wins (the tinytools order): `call:`
 * prefix stripped; P-Format (tools given); Kimi `NAME{...}`; every JSON value (fences and prose around
 * them skipped, relaxed JSON repaired), aliases honoured; GLM lines (with `glm`, and only when nothing
 * else decoded, so a JSON argument holding `a/b>c` is never read twice). `glm` is on for a closed tag
 * body whatever `glmShorthand` says (tinyagents PR #105: a GLM tag beside a P-Format tag was dropped);
 * that option governs GLM lines in prose only.
 */
export function decodeBody(
  text: string,
  from: number,
  to: number,
  context: BodyContext,
  glm: boolean,
): FoundCall[] {
  const start = skipCallPrefix(text, from, to);
  const body = text.slice(start, to);
  const pformat = parsePFormatCall(body, context.tools, context.pformat);
  if (pformat) return [{ parts: { name: pformat.name, argumentsValue: pformat.arguments }, start, end: to }];
  const kimi = kimiBodyCall(body);
  if (kimi) return [{ parts: kimi, start, end: to }];
  const json = jsonValueCalls(text, start, to, context.tools);
  if (json.length > 0) return json;
  return glm ? glmLineCalls(text, start, to, context.tools) : [];
}

/**
 * The calls of the JSON values right after the opener of a block that never closed (`raw` is the
 * block's text, its body from `bodyStart`; a `call:` prefix is skipped), with where they end: stray
 * closing tags right after the JSON (`</arg_value>`) belong to the calls. `undefined` when the body
 * does not start with a JSON value that holds a call.
 */
export function leadingJsonCalls(
  raw: string,
  bodyStart: number,
  context: BodyContext,
): { calls: FoundCall[]; end: number } | undefined {
  let first = skipWhitespace(raw, bodyStart);
  if (raw.startsWith('call:', first)) first = skipWhitespace(raw, first + 5);
  const code = raw.charCodeAt(first);
  if (code !== 0x7b && code !== 0x5b) return undefined;
  let end = first;
  const calls: FoundCall[] = [];
  for (const [spanStart, spanEnd] of balancedSpans(raw, first)) {
    let gap = end;
    while (gap < spanStart && isWhitespace(raw.charCodeAt(gap))) gap++;
    if (gap !== spanStart) break;
    const found = decodeBody(raw, spanStart, spanEnd, context, false);
    if (found.length === 0) break;
    calls.push(...found);
    end = spanEnd;
  }
  if (calls.length === 0) return undefined;
  for (;;) {
    const match = /^\s*<\/[A-Za-z_][\w:|-]{0,40}>/.exec(raw.slice(end, end + 64));
    if (!match) break;
    end += match[0].length;
  }
  return { calls, end };
}
