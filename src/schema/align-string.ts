// Aligns a value with a `string` option: numbers, booleans and JSON to text, then the length and
// `pattern` checks.
import { type AlignContext, unwrapped } from './align-context.js';
import { excerpt, issue, typeName } from './align-issue.js';
import type { Sink } from './align-sink.js';
import type { SchemaObject } from './schema-root.js';

/** A string for a `string` option (numbers, booleans and JSON as text), checked against its keywords. */
export function alignString(
  context: AlignContext,
  value: unknown,
  schema: SchemaObject,
  path: string,
  sink: Sink,
  depth: number,
): unknown {
  let result: string;
  if (typeof value === 'string') result = value;
  else if (typeof value === 'number' && !exactDigits(value)) {
    // The model wrote the number's digits, but reading them as a double kept only about 16 of
    // them (an ID such as 12345678901234567890 reads as 12345678901234567000): its text is lost.
    sink.add(
      issue(
        path,
        'invalid_number',
        'a string (or a number within ±2^53)',
        `a number read as ${String(value)}`,
      ),
    );
    return value;
  } else if (typeof value === 'number' || typeof value === 'boolean') {
    sink.flag(path, 'number_to_string');
    result = String(value);
  } else if (typeof value === 'object' && value !== null) {
    if (Array.isArray(value) && value.length === 1 && typeof value[0] === 'string') {
      return alignString(context, unwrapped(value, path, sink), schema, path, sink, depth + 1);
    }
    sink.flag(path, 'json_to_string');
    result = JSON.stringify(value);
  } else {
    sink.add(issue(path, 'invalid_type', 'string', typeName(value)));
    return value;
  }
  checkString(context, result, schema, path, sink);
  return result;
}

/** Whether `String(value)` gives the digits a model wrote for `value` (not a rounded big integer). */
function exactDigits(value: number): boolean {
  return Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value));
}

function checkString(
  context: AlignContext,
  value: string,
  schema: SchemaObject,
  path: string,
  sink: Sink,
): void {
  const { minLength, maxLength, pattern } = schema;
  if (typeof minLength === 'number' || typeof maxLength === 'number') {
    const length = codePointLength(value);
    if (typeof minLength === 'number' && length < minLength) {
      sink.add(issue(path, 'too_small', `at least ${minLength} characters`, `${length} characters`));
    }
    if (typeof maxLength === 'number' && length > maxLength) {
      sink.add(issue(path, 'too_big', `at most ${maxLength} characters`, `${length} characters`));
    }
  }
  if (typeof pattern === 'string') {
    const compiled = context.root.pattern(schema);
    if (!compiled?.ok) sink.flag(path, 'pattern_unchecked');
    else if (!compiled.test(value)) {
      sink.add(issue(path, 'invalid_string', `a string matching /${pattern}/`, excerpt(value)));
    }
  }
}

/** String length in Unicode code points (JSON Schema `minLength` / `maxLength` count those). */
export function codePointLength(value: string): number {
  let length = value.length;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < value.length) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        index++;
      }
    }
  }
  return length;
}
