/**
 * The calls a decoded JSON value of agent-tagged text names (`../shared/docs/openhuman.md` §1d): a
 * call object under several shapes (argument-key aliases, a `function` wrapper), an array of them, or
 * a `{"tool_calls": [...]}` wire message, each with the span of the text it came from.
 */

import type { CallParts } from '../../core/base-parser.js';
import { unreadArguments } from '../../core/call-object-parts.js';
import type { ToolIndex } from '../../core/tool-index.js';
import { elementSpans, memberSpans } from '../json-spans.js';
import type { FoundCall } from './found-call.js';

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

/** The keys a call object is read with, for `unreadArguments` (`id` and `type` are no arguments). */
const unreadKeys = { nameKeys: ['name'], argumentKeys: argumentKeyAliases, idKeys: ['id'] };

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
  const args = argumentsOf(value, aliases);
  // No arguments key, but other members (`argumentz`, or arguments written flat beside the name):
  // not a call with no arguments, which would drop them (see `unreadCall`).
  if (args === undefined && unreadArguments(value, unreadKeys) !== undefined) return undefined;
  return { name, argumentsValue: normalizedArguments(args) };
}

/**
 * In a marked block, the invalid call a call object makes that `readCallObject` refused for its
 * unread members (`{"name": "f", "argz": {...}}`): its name and why; `undefined` for anything else.
 * Reported with its own text as raw, so an entry of an array or envelope is never dropped.
 */
function unreadCall(value: unknown, policy: AliasPolicy, start: number, end: number): FoundCall | undefined {
  if (policy !== 'marked' || !isRecord(value) || isRecord(value.function)) return undefined;
  const name = value.name;
  if (typeof name !== 'string' || name.trim() === '') return undefined;
  const unread = unreadArguments(value, unreadKeys);
  return unread === undefined ? undefined : { parts: { name }, start, end, unread };
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
      const [from, to] = span ?? [start, end];
      const found = parts ? { parts, start: from, end: to } : unreadCall(element, policy, from, to);
      if (found) calls.push(found);
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
      const [from, to] = span ?? [start, end];
      const found = parts ? { parts, start: from, end: to } : unreadCall(entry, 'marked', from, to);
      if (found) calls.push(found);
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
  const found = parts ? { parts, start, end } : unreadCall(value, policy, start, end);
  return { calls: found ? [found] : [] };
}
