import { nestedDeeperThan } from '../internal/value-depth.js';
import { parseLenientJson } from '../json/parse-lenient-json.js';
import { MAX_VALUE_DEPTH } from '../schema/align-context.js';
import { issue } from '../schema/align-issue.js';
import type { AlignResult } from '../schema/align-result.js';
import { alignText } from '../schema/align-text.js';
import { alignValue } from '../schema/align-value.js';
import type { JSONSchema } from '../types/json-schema.js';
import { readInput, readJsonFile } from './read-input.js';
import { UsageError } from './usage-error.js';

/** Options of `toolwire align` after argument parsing. */
export interface AlignCommandOptions {
  readonly schema: string;
  readonly text: boolean;
  readonly strict: boolean;
  readonly file?: string;
}

/**
 * `toolwire align --schema FILE [--text] [--strict] [INPUT]`: aligns a JSON value (leniently parsed:
 * model output, not developer input), or with `--text` a raw parameter text, to the schema and prints
 * `{"value", "flags", "issues"}`. Resolves to the exit code: 0 aligned without issues, 1 with issues.
 * An input that is not JSON even leniently gives exit 1 with an `invalid_json` issue; a value nested
 * deeper than `MAX_VALUE_DEPTH` gives exit 1 with a `too_deep` issue and the input text as the value.
 */
export function runAlignCommand(options: AlignCommandOptions, write: (text: string) => void): number {
  const schema = readJsonFile(options.schema, '--schema');
  if (
    typeof schema !== 'boolean' &&
    (typeof schema !== 'object' || schema === null || Array.isArray(schema))
  ) {
    throw new UsageError(`--schema ${options.schema}: a JSON Schema is an object or a boolean`);
  }
  const input = readInput(options.file);
  // Empty input is a mistake in the call, not a value: aligning it would invent `{}`.
  if (!options.text && input.trim() === '') throw new UsageError('the input is empty: give a JSON value');
  let result: { value: unknown; flags: readonly unknown[]; issues: readonly unknown[] };
  // An over-deep input is not aligned at all (unwrapping one-item arrays could otherwise dig through it).
  let tooDeepInput = false;
  if (options.text) {
    result = alignText(input, schema as JSONSchema, { strict: options.strict });
  } else {
    const parsed = parseLenientJson(input);
    tooDeepInput = parsed.ok && nestedDeeperThan(parsed.value, MAX_VALUE_DEPTH);
    result = parsed.ok
      ? withRepairFlag(
          alignValue(parsed.value, schema as JSONSchema, { strict: options.strict }),
          parsed.repairs.length > 0,
          options.strict,
        )
      : {
          value: input,
          flags: [],
          issues: [
            {
              path: '',
              code: 'invalid_json',
              expected: 'a JSON value',
              received: 'text',
              message: `the input is not JSON: ${parsed.error}`,
            },
          ],
        };
  }
  if (tooDeepInput || nestedDeeperThan(result.value, MAX_VALUE_DEPTH)) {
    // Printing it would overflow the stack; the input text is the value as received.
    const tooDeep = {
      path: '',
      code: 'too_deep',
      expected: 'a shallower value',
      received: 'a deeply nested value',
      message: `value is nested more than ${MAX_VALUE_DEPTH} levels deep`,
    };
    result = { value: input, flags: [], issues: [tooDeep] };
  }
  write(`${JSON.stringify({ value: result.value, flags: result.flags, issues: result.issues }, null, 2)}\n`);
  return result.issues.length === 0 ? 0 : 1;
}

/**
 * `result` with a `json_repaired` flag first when the input needed the lenient parser's repairs (in
 * strict mode also an issue, as every flag is there): a repaired input is a coercion like any other.
 */
function withRepairFlag(result: AlignResult, repaired: boolean, strict: boolean): AlignResult {
  if (!repaired) return result;
  const flag = { path: '', kind: 'json_repaired' as const };
  const strictIssue = issue(
    '',
    'json_repaired',
    'a value of the declared type',
    'a value that needed coercion',
    'coercion not allowed in strict mode: json_repaired',
  );
  return {
    ...result,
    flags: [flag, ...result.flags],
    issues: strict ? [strictIssue, ...result.issues] : result.issues,
  };
}
