// Aligns a value with `enum` / `const` options: string enums matched ignoring case, accents and
// punctuation or named in prose (through `EnumIndex`), other literals through their type's aligner.
import { alignBoolean } from './align-boolean.js';
import { isPlainObject, MAX_VALUE_DEPTH, unwrapped } from './align-context.js';
import { excerpt, issue, tooDeepIssue, typeName } from './align-issue.js';
import { alignNull } from './align-null.js';
import { alignNumber } from './align-number.js';
import { Sink } from './align-sink.js';
import type { EnumChoice } from './coerce-text.js';
import { EnumIndex } from './enum-index.js';
import { matchesLiteral } from './matches-literal.js';
import type { StringLiteral } from './options-index.js';
import type { SchemaObject } from './schema-root.js';

/** A non-string literal (`const` / `enum` entry): the literal itself when the value is or coerces to it. */
export function alignLiteral(
  value: unknown,
  literal: unknown,
  path: string,
  sink: Sink,
  depth: number,
): unknown {
  if (matchesLiteral(value, literal)) return literal;
  const attempt = new Sink();
  let coerced: unknown = value;
  if (typeof literal === 'number') coerced = alignNumber(value, 'number', {}, path, attempt, depth);
  else if (typeof literal === 'boolean') coerced = alignBoolean(value, path, attempt, depth);
  else if (literal === null) coerced = alignNull(value, path, attempt);
  if (attempt.issues.length === 0 && matchesLiteral(coerced, literal)) {
    sink.merge(attempt);
    return literal;
  }
  sink.add(issue(path, 'invalid_enum', excerpt(literal), excerpt(value)));
  return value;
}

/**
 * A string enum value: the matching entry, with the flags of what made it match; when nothing
 * matches, the value as received with the issue only (no flag for a conversion that was tried).
 */
export function alignStringEnum(
  value: unknown,
  literals: readonly StringLiteral[],
  path: string,
  sink: Sink,
  depth: number,
): unknown {
  if (typeof value === 'string' && stringEnumIndex(literals).values.has(value)) return value;
  const attempt = new Sink();
  const result = matchStringEnum(value, literals, path, attempt, depth);
  if (attempt.issues.length === 0) {
    sink.merge(attempt);
    return result;
  }
  for (const entry of attempt.issues) sink.add(entry);
  return value;
}

function matchStringEnum(
  value: unknown,
  literals: readonly StringLiteral[],
  path: string,
  sink: Sink,
  depth: number,
): unknown {
  const index = stringEnumIndex(literals);
  if (typeof value === 'string' && index.values.has(value)) return value;
  const expected = index.expected;
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') {
    text = String(value);
    sink.flag(path, 'number_to_string');
  } else if (Array.isArray(value) && value.length > 0) {
    if (depth >= MAX_VALUE_DEPTH) {
      sink.add(tooDeepIssue(path));
      return value;
    }
    return matchStringEnum(unwrapped(value, path, sink), literals, path, sink, depth + 1);
  } else {
    sink.add(issue(path, 'invalid_enum', expected, typeName(value)));
    return value;
  }
  if (index.values.has(text)) return text;
  const match = index.text.match(text);
  if (match === undefined) {
    sink.add(issue(path, 'invalid_enum', expected, excerpt(value)));
    return value;
  }
  if (match.kind === 'ambiguous') {
    sink.add(
      issue(
        path,
        'ambiguous_enum',
        expected,
        excerpt(value),
        `text matches several values: ${match.candidates.map((c) => excerpt(c)).join(', ')}`,
      ),
    );
    return value;
  }
  if (match.kind === 'case') sink.flag(path, 'enum_case_insensitive');
  else if (match.kind === 'punctuation') sink.flag(path, 'enum_punctuation_insensitive');
  else if (match.kind === 'prose') sink.flag(path, 'enum_from_text');
  return match.result;
}

/**
 * A string enum (a list of string literal options) indexed once: its values, its BAML choices and
 * their `EnumIndex`, and the `expected` text of its issues. Cached per literals list.
 */
interface StringEnumIndex {
  readonly values: ReadonlySet<string>;
  readonly text: EnumIndex<string>;
  readonly expected: string;
}

const stringEnumCache = new WeakMap<object, StringEnumIndex>();

function stringEnumIndex(literals: readonly StringLiteral[]): StringEnumIndex {
  let index = stringEnumCache.get(literals);
  if (!index) {
    index = {
      values: new Set(literals.map((literal) => literal.value)),
      text: new EnumIndex(enumChoices(literals)),
      expected: literals.map((literal) => excerpt(literal.value)).join(' | '),
    };
    stringEnumCache.set(literals, index);
  }
  return index;
}

/** String enum choices of a set of literal options, with BAML alias / description spellings. */
function enumChoices(literals: ReadonlyArray<{ value: string; schema: SchemaObject }>): EnumChoice<string>[] {
  return literals.map(({ value, schema }) => {
    const extra = schema['x-baml-enum-values'];
    const meta =
      isPlainObject(extra) && isPlainObject(extra[value])
        ? (extra[value] as Record<string, unknown>)
        : undefined;
    if (!meta) return { result: value, names: [value] };
    const name = typeof meta.alias === 'string' ? meta.alias : value;
    const names = [name];
    if (typeof meta.description === 'string') names.push(`${name}: ${meta.description}`, meta.description);
    return { result: value, names };
  });
}
