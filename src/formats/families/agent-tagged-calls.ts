/**
 * Reading the bodies of agent-style tagged calls (tinyagents / OpenHuman, `../shared/docs/openhuman.md`
 * §1, §1a, §1d): JSON call objects under several shapes, Kimi-style `NAME{...}` bodies, P-Format and
 * the GLM line shorthand. Pure functions over whole strings (a body is collected by the incremental
 * parser first); all linear in the text length, none throws on model text.
 */

import { isWhitespace } from '../../internal/whitespace.js';
import type { JsonRepair } from '../../json/json-repair.js';
import { parseLenientJson } from '../../json/parse-lenient-json.js';
import type { ToolCallRepair } from '../../types/tool-call.js';
import type { CallParts } from '../core/base-parser.js';
import type { ToolIndex } from '../core/tool-index.js';
import { balancedSpans, elementSpans, memberSpans } from './json-spans.js';
import { isPFormatName, type PFormatSyntax, parsePFormatCall } from './p-format.js';

/**
 * Where argument-key aliases are honoured. `marked`: behind a marker (a tag or fence body, a
 * `tool_calls` envelope entry, a `function` wrapper): `arguments`, `args`, `parameters`, `params`,
 * `input`, first present wins. `bare`: a whole response that is a bare call object or array: only
 * `arguments` (or an alias when the name is an offered tool), so a plain JSON answer such as
 * `{"name": "Alice", "input": {...}}` stays text.
 */
export type AliasPolicy = 'marked' | 'bare';

/** Argument keys in priority order (openhuman.md §1d). */
export const argumentKeyAliases = ['arguments', 'args', 'parameters', 'params', 'input'] as const;

/** One call found in a text, with the `[start, end)` span (UTF-16 offsets) of the text it came from. */
export interface FoundCall {
  readonly parts: CallParts;
  readonly start: number;
  readonly end: number;
  /** The lenient JSON parser's repairs of the text the call was read from, at offsets into that text. */
  readonly repairs?: readonly FoundRepair[];
}

/** A repair of a found call's text: its kind (a `JsonRepairKind`) and offset into that text. */
interface FoundRepair {
  readonly kind: ToolCallRepair['kind'];
  readonly position: number;
}

/**
 * `calls`, all read from one JSON value, with that value's `repairs` (offsets into the value's text,
 * which starts at `offset` of the calls' text) shared out in text order: each repair goes to the last
 * call that starts at or before it, else to the first, so every repair is said once (issue 14).
 */
export function withValueRepairs(
  calls: readonly FoundCall[],
  repairs: readonly JsonRepair[],
  offset: number,
): FoundCall[] {
  if (repairs.length === 0 || calls.length === 0) return [...calls];
  const shares: FoundRepair[][] = calls.map(() => []);
  for (const { kind, position } of repairs) {
    const at = offset + position;
    let owner = 0;
    calls.forEach((call, index) => {
      if (call.start <= at) owner = index;
    });
    (shares[owner] as FoundRepair[]).push({ kind, position: at });
  }
  return calls.map((call, index) => {
    const share = shares[index] as FoundRepair[];
    return share.length === 0 ? call : { ...call, repairs: [...(call.repairs ?? []), ...share] };
  });
}

/**
 * The parts of `call` for a raw text that starts at `boundary` of the calls' text and is `length`
 * long: its repairs moved to offsets into that raw text, without a position when outside it.
 */
export function foundCallParts(call: FoundCall, boundary: number, length: number): CallParts {
  if (!call.repairs || call.repairs.length === 0) return call.parts;
  const moved: ToolCallRepair[] = call.repairs.map(({ kind, position }) => {
    const at = position - boundary;
    return at >= 0 && at <= length ? { kind, position: at } : { kind };
  });
  return { ...call.parts, repairs: [...(call.parts.repairs ?? []), ...moved] };
}

/** What a body decoder needs to know. */
export interface BodyContext {
  readonly tools: ToolIndex | undefined;
  readonly glmShorthand: boolean;
  readonly pformat: PFormatSyntax;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A surrounding Markdown fence (```` ```json ... ``` ````) removed from a trimmed text, if there is one. */
export function stripFence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith('```') || !trimmed.endsWith('```') || trimmed.length < 6) return trimmed;
  const newline = trimmed.indexOf('\n');
  if (newline < 0) return trimmed;
  return trimmed.slice(newline + 1, -3).trim();
}

function argumentsOf(record: Record<string, unknown>, aliases: boolean): unknown {
  if (!aliases) return Object.hasOwn(record, 'arguments') ? record.arguments : undefined;
  for (const key of argumentKeyAliases) if (Object.hasOwn(record, key)) return record[key];
  return undefined;
}

function hasArgumentKey(record: Record<string, unknown>): boolean {
  return Object.hasOwn(record, 'arguments');
}

/** A string argument value is decoded later (`argumentsFromValue`); a fence around it is removed first. */
function normalizedArguments(value: unknown): unknown {
  return typeof value === 'string' ? stripFence(value) : value;
}

/**
 * The call a JSON value names, read with `policy`: `{name, arguments}` (or an alias, see
 * `AliasPolicy`), `{function: {name, arguments}}` (aliases always allowed inside, `arguments` may be
 * JSON text). `undefined` for anything else: no string `name`, a blank name, `{"tool": ...}`.
 */
export function readCallObject(
  value: unknown,
  policy: AliasPolicy,
  tools: ToolIndex | undefined,
): CallParts | undefined {
  if (!isRecord(value)) return undefined;
  if (isRecord(value.function)) {
    const wrapped = value.function;
    const name = wrapped.name;
    if (typeof name !== 'string' || name.trim() === '') return undefined;
    const inner = argumentsOf(wrapped, true);
    const args = inner !== undefined ? inner : argumentsOf(value, true);
    return { name, argumentsValue: normalizedArguments(args) };
  }
  const name = value.name;
  if (typeof name !== 'string' || name.trim() === '') return undefined;
  const aliases = policy === 'marked' || tools?.has(name) === true;
  if (!aliases && !hasArgumentKey(value)) return undefined;
  return { name, argumentsValue: normalizedArguments(argumentsOf(value, aliases)) };
}

/**
 * Every call in one JSON value that starts at `start` and ends at `end` in `text`: a call object, an
 * array of them, or a `{"tool_calls": [...]}` envelope (entries read as `marked`). Each call's span is
 * its own element's text where it can be located, else the whole value. `content` is the envelope's
 * `content` string (a whole-response wire message), with its span.
 */
export function readCallValue(
  text: string,
  start: number,
  end: number,
  value: unknown,
  policy: AliasPolicy,
  tools: ToolIndex | undefined,
): { calls: FoundCall[]; content?: { text: string; start: number; end: number } } {
  if (Array.isArray(value)) {
    const spans = elementSpans(text, start, end);
    const calls: FoundCall[] = [];
    value.forEach((element, index) => {
      const parts = readCallObject(element, policy, tools);
      const span = spans.length === value.length ? spans[index] : undefined;
      if (parts) calls.push({ parts, start: span ? span[0] : start, end: span ? span[1] : end });
    });
    return { calls };
  }
  if (isRecord(value) && Array.isArray(value.tool_calls)) {
    const entries = value.tool_calls;
    const members = memberSpans(text, start, end);
    const list = members.find((member) => member.key === 'tool_calls');
    const spans = list ? elementSpans(text, list.valueStart, list.valueEnd) : [];
    const calls: FoundCall[] = [];
    entries.forEach((entry, index) => {
      const parts = readCallObject(entry, 'marked', tools);
      const span = spans.length === entries.length ? spans[index] : undefined;
      if (parts) calls.push({ parts, start: span ? span[0] : start, end: span ? span[1] : end });
    });
    const contentMember = members.find((member) => member.key === 'content');
    // Only with every call at its own element: a call spanning the whole value (its list not located
    // in the text as written, e.g. a repaired `"tool_calls"[`) holds the content in its raw already.
    const located = list !== undefined && spans.length === entries.length;
    if (typeof value.content === 'string' && contentMember && located) {
      return {
        calls,
        content: { text: value.content, start: contentMember.valueStart, end: contentMember.valueEnd },
      };
    }
    return { calls };
  }
  const parts = readCallObject(value, policy, tools);
  return { calls: parts ? [{ parts, start, end }] : [] };
}

/** The JSON value of `text[start, end)`, with the lenient parser's repairs (offsets into the span). */
function parseJsonSpan(
  text: string,
  start: number,
  end: number,
): { ok: true; value: unknown; repairs: readonly JsonRepair[] } | undefined {
  const slice = text.slice(start, end);
  try {
    return { ok: true, value: JSON.parse(slice), repairs: [] };
  } catch {
    // Relaxed JSON (bare keys, single quotes, trailing commas): the lenient parser, on this span only.
  }
  const parsed = parseLenientJson(slice);
  return parsed.ok ? { ok: true, value: parsed.value, repairs: parsed.repairs } : undefined;
}

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

const glmToolAliases: Readonly<Record<string, string>> = {
  browser_open: 'shell',
  browser: 'shell',
  web_search: 'shell',
  shell: 'shell',
  bash: 'shell',
  http_request: 'http_request',
  http: 'http_request',
};

const isHttpUrl = (value: string): boolean =>
  (value.startsWith('http://') || value.startsWith('https://')) && !/\s/.test(value);

const curl = (url: string): string => `curl -s '${url.replaceAll("'", "'\\''")}'`;

/**
 * One GLM shorthand line (`../shared/docs/openhuman.md` §1a): `name/key>value` or `name/{json}`,
 * trimmed. `name` is `[A-Za-z0-9_]+`, `key` is `[A-Za-z0-9_.-]+`. The source's tool aliases apply
 * unless `name` itself is an offered tool (`browser_open`, `browser`, `web_search`, `bash` → `shell`,
 * `http` → `http_request`); `shell` with a URL runs `curl -s 'URL'`, `http_request` gets
 * `{url, method: "GET"}`. A bare URL line is NOT a call (the later tinytools revision removed that).
 * JSON repairs of `name/{json}` are in `repairs`, at offsets into `line`.
 */
export function glmLineCall(line: string, tools: ToolIndex | undefined): CallParts | undefined {
  const text = line.trim();
  const slash = text.indexOf('/');
  if (slash <= 0 || !isPFormatName(text, 0, slash)) return undefined;
  const rawName = text.slice(0, slash);
  const rest = text.slice(slash + 1);
  if (rest.startsWith('{')) {
    const parsed = parseJsonSpan(rest, 0, rest.length);
    if (!parsed || !isRecord(parsed.value)) return undefined;
    if (parsed.repairs.length === 0) return { name: rawName, argumentsValue: parsed.value };
    // Repairs at offsets into `line` as given (its leading whitespace included), the call's raw text.
    const offset = line.length - line.trimStart().length + slash + 1;
    const repairs = parsed.repairs.map(({ kind, position }) => ({ kind, position: offset + position }));
    return { name: rawName, argumentsValue: parsed.value, repairs };
  }
  const arrow = rest.indexOf('>');
  if (arrow <= 0) return undefined;
  const key = rest.slice(0, arrow).trim();
  const value = rest.slice(arrow + 1).trim();
  if (!/^[A-Za-z0-9_.-]+$/.test(key)) return undefined;
  const offered = tools?.has(rawName) === true;
  const name = offered ? rawName : (glmToolAliases[rawName] ?? rawName);
  if (!offered && name === 'shell') {
    if (key === 'url') {
      if (!isHttpUrl(value)) return undefined;
      return { name, argumentsValue: { command: curl(value) } };
    }
    const command =
      value.startsWith('http://') || value.startsWith('https://')
        ? isHttpUrl(value)
          ? curl(value)
          : value
        : value;
    return { name, argumentsValue: { command } };
  }
  if (!offered && name === 'http_request') return { name, argumentsValue: { url: value, method: 'GET' } };
  const args: Record<string, unknown> = {};
  Object.defineProperty(args, key, { value, enumerable: true, writable: true, configurable: true });
  return { name, argumentsValue: args };
}

/** Every GLM shorthand line in `text[from, to)`, with line spans. */
export function glmLineCalls(
  text: string,
  from: number,
  to: number,
  tools: ToolIndex | undefined,
): FoundCall[] {
  const calls: FoundCall[] = [];
  let start = from;
  while (start < to) {
    let end = text.indexOf('\n', start);
    if (end < 0 || end > to) end = to;
    const parts = glmLineCall(text.slice(start, end), tools);
    if (parts?.repairs) {
      const { repairs, ...rest } = parts;
      const moved = repairs.map(({ kind, position }) => ({ kind, position: start + (position ?? 0) }));
      calls.push({ parts: rest, start, end, repairs: moved });
    } else if (parts) calls.push({ parts, start, end });
    start = end + 1;
  }
  return calls;
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
