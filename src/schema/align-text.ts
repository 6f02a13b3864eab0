import { ToolwireError } from '../errors/toolwire-error.js';
import { describe } from '../internal/describe-value.js';
import { nestedDeeperThan } from '../internal/value-depth.js';
import { decodeLenient } from '../json/decode-lenient.js';
import type { JSONSchema } from '../types/json-schema.js';
import { MAX_VALUE_DEPTH } from './align-context.js';
import { alignStringEnum } from './align-enum.js';
import { tooDeepIssue } from './align-issue.js';
import { alignNumber } from './align-number.js';
import type { AlignOptions, AlignResult } from './align-result.js';
import { finish, Sink } from './align-sink.js';
import { alignString } from './align-string.js';
import { Aligner } from './aligner.js';
import { checkAlignArguments } from './check-align-arguments.js';
import { parseNumberText } from './coerce-text.js';
import { stringLiterals } from './options-index.js';
import { type SchemaOption, SchemaRoot } from './schema-root.js';

/** Options of `alignText`. */
export interface AlignTextOptions extends AlignOptions {
  /**
   * Remove one newline right after the opening tag and one right before the closing tag, as formats
   * such as Qwen3-Coder write `<parameter=k>\nvalue\n</parameter>` (vLLM `qwen3coder_tool_parser.py`).
   * Default `false`.
   */
  readonly stripWrappingNewline?: boolean;
  /** The root schema `$ref`s resolve against when `schema` is a node inside it. Default: `schema`. */
  readonly root?: SchemaRoot;
}

const NULL_TEXT = /^(?:null|none)$/i;
const TEXT_BOOLEANS = ['strict', 'partial', 'applyDefaults', 'stripWrappingNewline'];
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:_\d+)*(?:\.\d+(?:_\d+)*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Types the raw text of one parameter (XML-style formats send every value as text) by its JSON Schema,
 * after vLLM's per-parameter conversion (coercion.md Table B, vLLM column):
 *
 * 1. Non-string `const` / `enum` literals are tried first: text spelling `1` under
 *    `{"enum": ["fast", 1]}` is the number 1, `"2"` under `{"enum": [1, 2, 3]}` is 2.
 * 2. `null` / `None` text (any case, trimmed) is null only when the schema allows null; for a string
 *    parameter it stays the string `"null"`.
 * 3. The options in schema order; the first whose text conversion succeeds wins: a string keeps the text
 *    verbatim (string enums match exactly, then ignoring case and punctuation); integer and number read
 *    JSON spellings and `1_000`; boolean reads `true` / `false` in any case (`1` / `0` with a flag);
 *    object and array decode JSON or Python-literal text (`{'k': True}`), empty text being `{}` / `[]` (text that needed repairs, or was empty, flagged `json_repaired`),
 *    and align the decoded value with `alignValue` rules.
 * 4. A schema whose options are all of unknown type (or no schema) keeps the raw string.
 * 5. When nothing converts, the text is aligned as a string value (`alignValue` rules: `"2.7"` → 3 for
 *    an integer, flagged); what still does not fit is an issue and the raw text is kept.
 * 6. Object or array text that decodes to a value nested deeper than `MAX_VALUE_DEPTH` is kept as the raw
 *    text, with a `too_deep` issue.
 *
 * Returns `{ value, flags, issues }`; never throws on model data.
 *
 * @throws {ToolwireError} (code `invalid_argument`) when `text` is not a string, `schema` is not an
 *   object, a boolean or a `SchemaRoot`, `options` is not an object, one of its boolean options is not
 *   a boolean, or `root` is not a `SchemaRoot`.
 */
export function alignText(
  text: string,
  schema: JSONSchema | SchemaRoot,
  options?: AlignTextOptions,
): AlignResult {
  if (typeof text !== 'string')
    throw new ToolwireError('invalid_argument', `alignText: text must be a string, got ${describe(text)}`);
  checkAlignArguments('alignText', schema, options, TEXT_BOOLEANS);
  return alignTextUnchecked(text, schema, options);
}

/**
 * `alignText` without its argument checks, for the parsers: a parameter's schema there is whatever the
 * tool's parameters hold under its name, and a malformed one (`{"a": 5}`) must not make model data
 * throw; it aligns as a schema that constrains nothing.
 */
export function alignTextUnchecked(
  text: string,
  schema: JSONSchema | SchemaRoot,
  options?: AlignTextOptions,
): AlignResult {
  const root = options?.root ?? SchemaRoot.from(schema);
  const node = schema instanceof SchemaRoot ? schema.schema : schema;
  const strict = options?.strict === true;
  let raw = text;
  if (options?.stripWrappingNewline) {
    if (raw.startsWith('\r\n')) raw = raw.slice(2);
    else if (raw.startsWith('\n')) raw = raw.slice(1);
    if (raw.endsWith('\r\n')) raw = raw.slice(0, -2);
    else if (raw.endsWith('\n')) raw = raw.slice(0, -1);
  }
  const choices = root.options(node);
  if (choices.every((choice) => choice.kind === 'unknown' || choice.kind === 'any')) {
    return { value: raw, flags: [], issues: [] };
  }
  const trimmed = raw.trim();
  // 1. non-string literals first
  const literals = choices.filter((choice) => choice.kind === 'literal' && typeof choice.value !== 'string');
  if (literals.length > 0) {
    const decoded = scalarText(trimmed);
    if (decoded !== undefined) {
      for (const literal of literals) {
        if (literal.kind === 'literal' && sameLiteral(decoded.value, literal.value)) {
          return { value: literal.value, flags: [], issues: [] };
        }
      }
    }
  }
  // 2. null text, only when null is allowed
  if (
    NULL_TEXT.test(trimmed) &&
    choices.some((choice) => choice.kind === 'null' || (choice.kind === 'literal' && choice.value === null))
  ) {
    return { value: null, flags: [], issues: [] };
  }
  // 3. ordered first success
  const aligner = new Aligner(root, options?.partial === true, options?.applyDefaults !== false);
  // Every string literal converts the same way (against all of them together): after the first, the
  // others are skipped, so the enum is matched once and not once per entry (issue 15: quadratic).
  let stringsTried = false;
  for (const choice of choices) {
    if (choice.kind === 'literal' && typeof choice.value === 'string') {
      if (stringsTried) continue;
      stringsTried = true;
    }
    const converted = convert(raw, trimmed, choice, choices, aligner);
    if (converted !== undefined) return finish(converted.value, converted.sink, strict);
  }
  // 5. fall back to value alignment of the text
  const sink = new Sink();
  const value = aligner.node(raw, node, '', sink, 0);
  return finish(value, sink, strict);
}

function sameLiteral(decoded: unknown, literal: unknown): boolean {
  if (decoded === literal) return true;
  if (typeof decoded === 'object' && decoded !== null && typeof literal === 'object' && literal !== null) {
    return JSON.stringify(decoded) === JSON.stringify(literal);
  }
  return false;
}

/** Reads a scalar from trimmed text: a number, `true` / `false` / `null` (Python spellings too). */
function scalarText(trimmed: string): { value: unknown } | undefined {
  if (PLAIN_NUMBER.test(trimmed)) {
    const parsed = parseNumberText(trimmed);
    if (parsed) return { value: parsed.value };
  }
  const lower = trimmed.toLowerCase();
  if (lower === 'true') return { value: true };
  if (lower === 'false') return { value: false };
  if (lower === 'null' || lower === 'none') return { value: null };
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    const decoded = decodeLenient(trimmed);
    if (decoded?.complete && decoded.end >= trimmed.length) return { value: decoded.value };
  }
  return undefined;
}

function convert(
  raw: string,
  trimmed: string,
  choice: SchemaOption,
  choices: readonly SchemaOption[],
  aligner: Aligner,
): { value: unknown; sink: Sink } | undefined {
  const sink = new Sink();
  switch (choice.kind) {
    case 'string': {
      // Verbatim: whitespace and the literal "null" are data (vLLM keeps string text as is).
      const attempt = new Sink();
      const value = alignString(aligner, raw, choice.schema, '', attempt, 0);
      return attempt.issues.length === 0 ? { value, sink: attempt } : undefined;
    }
    case 'literal': {
      if (typeof choice.value !== 'string') return undefined;
      const value = alignStringEnum(trimmed, stringLiterals(choices), '', sink, 0);
      return sink.issues.length === 0 ? { value, sink } : undefined;
    }
    case 'integer':
    case 'number': {
      if (!PLAIN_NUMBER.test(trimmed) || trimmed.includes('__')) return undefined;
      const parsed = parseNumberText(trimmed);
      if (!parsed || (choice.kind === 'integer' && !Number.isInteger(parsed.value))) return undefined;
      const value = alignNumber(parsed.value, choice.kind, choice.schema, '', sink, 0);
      return sink.issues.length === 0 ? { value, sink } : undefined;
    }
    case 'boolean': {
      const lower = trimmed.toLowerCase();
      if (lower === 'true' || lower === 'false') return { value: lower === 'true', sink };
      if (trimmed === '1' || trimmed === '0') {
        // vLLM's Rust converter accepts 1/0 for booleans; flagged because it is not a JSON spelling.
        sink.flag('', 'text_converted');
        return { value: trimmed === '1', sink };
      }
      return undefined;
    }
    case 'null':
      return NULL_TEXT.test(trimmed) ? { value: null, sink } : undefined;
    case 'object':
    case 'array': {
      const isObject = choice.kind === 'object';
      // vLLM: an empty value for an object / array parameter is {} / [].
      const decoded =
        trimmed === '' ? { value: isObject ? {} : [], repaired: true } : decodeContainer(trimmed, isObject);
      if (decoded === undefined) return undefined;
      const decodedValue = decoded.value;
      // Text that needed repairs (or was empty) is flagged, as every other coercion is.
      if (decoded.repaired) sink.flag('', 'json_repaired');
      if (nestedDeeperThan(decodedValue, MAX_VALUE_DEPTH)) {
        // Kept as the text it came as: a value this deep would overflow whatever walks it recursively.
        sink.add(tooDeepIssue(''));
        return { value: raw, sink };
      }
      const value = aligner.option(decodedValue, choice, '', sink, 0);
      return sink.issues.length === 0 ? { value, sink } : undefined;
    }
    default:
      return undefined;
  }
}

function decodeContainer(
  trimmed: string,
  isObject: boolean,
): { value: unknown; repaired: boolean } | undefined {
  const open = isObject ? '{' : '[';
  if (!trimmed.startsWith(open)) return undefined;
  const fits = (value: unknown) =>
    isObject ? typeof value === 'object' && value !== null && !Array.isArray(value) : Array.isArray(value);
  try {
    const value: unknown = JSON.parse(trimmed);
    if (fits(value)) return { value, repaired: false };
  } catch {
    // not strict JSON: fall through to the lenient decoder (Python literals, single quotes, ...)
  }
  const decoded = decodeLenient(trimmed);
  if (!decoded || !fits(decoded.value)) return undefined;
  return { value: decoded.value, repaired: true };
}
