import { decodeLenient } from '../json/decode-lenient.js';
import type { JSONSchema } from '../types/json-schema.js';
import type { AlignOptions, AlignResult } from './align-result.js';
import { finish, Sink } from './align-sink.js';
import { Aligner } from './aligner.js';
import { SchemaRoot } from './schema-root.js';

const FENCE = /```([\w+-]*)[^\S\n]*\n?([\s\S]*?)(?:```|$)/g;

/**
 * Aligns a whole model response (free text that should hold one value of `schema`, as with structured
 * output) the way BAML's `jsonish` parser reads it (coercion.md Table A rows 13-15 and "Other parsing
 * behaviours"):
 *
 * - a schema that is only `string` gets the text verbatim (BAML returns the raw text);
 * - otherwise the candidates are: the whole text as JSON, each fenced code block, each JSON-like
 *   object or array found in the prose (and all of them as one array when there are several), and the
 *   raw text itself; each is decoded with `decodeLenient` and aligned with `alignValue` rules;
 * - the first candidate that aligns exactly wins, else the one with the fewest issues, then the lowest
 *   flag score, then the earliest.
 *
 * Returns `{ value, flags, issues }`; never throws.
 */
export function alignResponse(
  text: string,
  schema: JSONSchema | SchemaRoot,
  options?: AlignOptions,
): AlignResult {
  const root = SchemaRoot.from(schema);
  const node = root.schema;
  const strict = options?.strict === true;
  const choices = root.options(node);
  if (choices.every((choice) => choice.kind === 'string')) return { value: text, flags: [], issues: [] };
  const aligner = new Aligner(root, options?.partial === true, options?.applyDefaults !== false);
  let best: { value: unknown; sink: Sink } | undefined;
  const stringTarget = choices.some((choice) => choice.kind === 'string');
  for (const candidate of candidates(text, stringTarget, options?.partial === true)) {
    const sink = new Sink();
    const value = aligner.node(candidate, node, '', sink, 0);
    if (sink.issues.length === 0 && sink.score === 0) return finish(value, sink, strict);
    if (
      best === undefined ||
      sink.issues.length < best.sink.issues.length ||
      (sink.issues.length === best.sink.issues.length && sink.score < best.sink.score)
    ) {
      best = { value, sink };
    }
  }
  const chosen = best ?? { value: text, sink: new Sink() };
  return finish(chosen.value, chosen.sink, strict);
}

/** Candidate values of a response text, in preference order (see `alignResponse`). */
export function* candidates(text: string, stringTarget: boolean, partial = false): Generator<unknown> {
  const trimmed = text.trim();
  let parsedString: string | undefined;
  try {
    const value: unknown = JSON.parse(trimmed);
    if (typeof value !== 'string') yield value;
    else parsedString = value;
  } catch {
    // not strict JSON
  }
  // A JSON string is read as its content only when the target has no string option at the top
  // (BAML keeps the raw text, quotes included, for a string target).
  if (parsedString !== undefined && !stringTarget) yield parsedString;
  const fenced: unknown[] = [];
  FENCE.lastIndex = 0;
  for (let match = FENCE.exec(text); match; match = FENCE.exec(text)) {
    const body = (match[2] as string).trim();
    if (body === '') continue;
    const decoded = decodeLenient(body, 0, { partial });
    if (decoded && typeof decoded.value !== 'string') fenced.push(decoded.value);
    if (match[0].length === 0) FENCE.lastIndex++;
  }
  for (const value of fenced) yield value;
  if (fenced.length > 1) yield fenced;
  const found: unknown[] = [];
  let index = 0;
  // Bounded: at most 50 values and 200 decode attempts, so prose full of brackets stays cheap.
  for (let attempts = 0; found.length < 50 && attempts < 200; attempts++) {
    const next = nextOpen(text, index);
    if (next < 0) break;
    const decoded = decodeLenient(text, next, { partial });
    if (!decoded || decoded.end <= next) {
      index = next + 1;
      continue;
    }
    if (typeof decoded.value === 'object' && decoded.value !== null) found.push(decoded.value);
    index = decoded.end;
  }
  for (const value of found) yield value;
  if (found.length > 1) yield found;
  const whole = decodeLenient(trimmed, 0, { partial });
  if (whole && typeof whole.value === 'object' && whole.value !== null && whole.end >= trimmed.length)
    yield whole.value;
  yield text;
  if (trimmed !== text) yield trimmed;
}

function nextOpen(text: string, from: number): number {
  const brace = text.indexOf('{', from);
  const bracket = text.indexOf('[', from);
  if (brace < 0) return bracket;
  if (bracket < 0) return brace;
  return Math.min(brace, bracket);
}
