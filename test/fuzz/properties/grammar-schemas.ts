/**
 * Property: `schemaGrammar` on random and hostile schemas returns (never throws) within a bound
 * (`GRAMMAR_BOUND_MS`: a hang detector, milliseconds are typical), prints a grammar at most
 * `GRAMMAR_BYTES_PER_SCHEMA_BYTE` times the schema's JSON text (plus the fixed rules), which
 * llama.cpp loads, and never widens silently: a JSON value the grammar accepts (llama.cpp's engine, the
 * compact grammar) that the schema rejects (ajv, JSON Schema 2020-12) comes with a warning; targets the
 * grammar cannot see (remote and missing references) are a narrow schema for ajv. A schema ajv refuses
 * (a keyword value the meta-schema does not allow) is not compared: `degraded-schema.test.ts` holds
 * the exact warnings of each such value.
 *
 * Schemas are built from the supported keywords, with hostile pieces mixed in: keyword values of the
 * wrong kind (`type: []`, `required: "a"`, `minLength: -5`, `pattern: 42`, `anyOf: [1]`, ...), `$ref`s
 * that are remote, missing or cyclic, `anyOf` / `allOf` chains 30 to 40 deep, patterns beyond the
 * regular subset, counts above the caps, long property names.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { ToolwireError } from '../../../src/errors/toolwire-error.js';
import { schemaGrammar } from '../../../src/grammar/index.js';
import type { JSONSchema } from '../../../src/types/json-schema.js';
import { llamaCppEngine } from '../../grammar/engines.js';

/** A generous per-schema bound (a hang detector: schemas here take milliseconds). */
export const GRAMMAR_BOUND_MS = 10_000;
/** Grammar bytes allowed per byte of schema JSON, beyond `GRAMMAR_FIXED_BYTES`. */
export const GRAMMAR_BYTES_PER_SCHEMA_BYTE = 40;
/** The rules any grammar may hold whatever the schema (any value, strings, numbers, formats). */
export const GRAMMAR_FIXED_BYTES = 8_000;

type Schema = Record<string, unknown> | boolean;

const key = fc.constantFrom('a', 'b', 'c', 'x-y', 'a/b', 'k'.repeat(70));
const smallValue = fc.constantFrom<unknown>(
  null,
  true,
  0,
  1,
  -1,
  2.5,
  '',
  'a',
  'ab',
  'abc',
  [],
  [1],
  {},
  { a: 1 },
);
/** Patterns the grammar writes, and (hostile) ones it cannot: lookaround, a huge repeat, invalid, `\p`. */
const PATTERNS = ['^[a-c]+$', '^a{2,3}$', '^(ab|c)*$', 'b', '^\\d+$'];
const HOSTILE_PATTERNS = ['(?=a)a', '^a{100000}$', '[', '^\\p{L}+$'];
const format = fc.constantFrom('date', 'email', 'uuid', 'date-time', 'hostname');

/**
 * Parts the grammar cannot express, each read as any value, so each must be warned wherever it is read
 * (`unsupportedParts`, `isRead`): keyword values no schema may hold, references that are remote, missing or cycle
 * with no progress, and a length cap above 10,000.
 */
const HOSTILE: readonly Record<string, unknown>[] = [
  { type: [] },
  { type: 5 },
  { type: [5] },
  { type: 'nope' },
  { required: 'a' },
  { required: ['a', 5] },
  { minLength: -5 },
  { maxLength: '3' },
  { maxItems: 1.5 },
  { pattern: 42 },
  { enum: { a: 1 } },
  { properties: [1] },
  { properties: { a: 5 } },
  { anyOf: [1] },
  { anyOf: [] },
  { allOf: [] },
  { items: 5 },
  { prefixItems: {} },
  { additionalProperties: 'no' },
  { nullable: 'yes' },
  { $ref: 5 },
  { $ref: 'https://example.com/s.json' },
  { $ref: '#/$defs/missing' },
  { $ref: '#/$defs/loop' },
  { multipleOf: 0 },
  { minimum: '5' },
  { maxLength: 100_000 },
];
const hostile = fc.constantFrom(...HOSTILE);

/**
 * Schema nodes, with hostile parts (`HOSTILE` merged into nodes, unsupported patterns, type names ajv
 * does not know, the draft-4 boolean `exclusiveMinimum`, references the grammar cannot follow) or
 * without: a clean schema is always compared value by value with ajv, a hostile one mostly warned.
 */
function nodeArbitrary(hostileParts: boolean): fc.Arbitrary<Schema> {
  const leaf: fc.Arbitrary<Schema> = fc.oneof(
    fc.constantFrom<Schema>(true, false, {}),
    fc.record(
      {
        type: fc.constantFrom(
          'string',
          'integer',
          'number',
          'boolean',
          'null',
          ...(hostileParts ? ['str', 'int'] : []),
        ),
        minLength: fc.integer({ min: 0, max: 4 }),
        maxLength: fc.integer({ min: 0, max: 6 }),
        pattern: fc.constantFrom(...PATTERNS, ...(hostileParts ? HOSTILE_PATTERNS : [])),
        // Some formats are not enforced (warned): in hostile schemas only.
        format: hostileParts ? format : fc.constant(undefined),
        minimum: fc.integer({ min: -3, max: 3 }),
        maximum: fc.integer({ min: -3, max: 10 }),
        exclusiveMinimum: fc.constantFrom<number | boolean>(0, 0.5, ...(hostileParts ? [true] : [])),
        nullable: fc.boolean(),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record({ enum: fc.array(smallValue, { minLength: 1, maxLength: 4 }) }),
    fc.record({ const: smallValue }),
    fc.record({
      $ref: fc.constantFrom(
        '#',
        '#/$defs/d',
        ...(hostileParts ? ['#/$defs/loop', '#/$defs/missing', 'https://x.test/s.json'] : []),
      ),
    }),
  );

  return fc.letrec<{ schema: Schema }>((tie) => ({
    schema: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 4, arbitrary: leaf },
      {
        weight: 2,
        arbitrary: fc.record(
          {
            type: fc.constant('object'),
            properties: fc.dictionary(key, tie('schema'), { maxKeys: 4 }),
            // Repeated names are a keyword value the meta-schema does not allow: hostile only.
            required: hostileParts ? fc.array(key, { maxLength: 3 }) : fc.uniqueArray(key, { maxLength: 3 }),
            additionalProperties: fc.oneof(fc.boolean(), tie('schema')),
            // Not enforced by the grammar (warned): in hostile schemas only.
            minProperties: hostileParts ? fc.integer({ min: 0, max: 2 }) : fc.constant(undefined),
          },
          { requiredKeys: ['type'] },
        ),
      },
      {
        weight: 2,
        arbitrary: fc.record(
          {
            type: fc.constant('array'),
            items: tie('schema'),
            // An empty list is not allowed by the meta-schema: hostile only.
            prefixItems: fc.array(tie('schema'), { minLength: hostileParts ? 0 : 1, maxLength: 3 }),
            minItems: fc.integer({ min: 0, max: 3 }),
            maxItems: fc.integer({ min: 0, max: 4 }),
            uniqueItems: hostileParts ? fc.boolean() : fc.constant(false),
          },
          { requiredKeys: ['type'] },
        ),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            fc.constantFrom('anyOf', 'oneOf', 'allOf'),
            fc.array(tie('schema'), { minLength: 1, maxLength: 3 }),
          )
          // oneOf is read as anyOf and several allOf branches are not merged (both warned): a clean
          // schema has anyOf, or one branch.
          .map(([keyword, branches]) => ({
            [keyword]: hostileParts || keyword === 'anyOf' ? branches : branches.slice(0, 1),
          })),
      },
      {
        weight: 1,
        arbitrary: fc
          // Around the bound of 32 levels: shorter chains are read, longer ones warned.
          .tuple(tie('schema'), fc.constantFrom('anyOf', 'allOf'), fc.integer({ min: 28, max: 40 }))
          .map(([inner, keyword, depth]) => {
            let chained: Schema = inner;
            for (let level = 0; level < depth; level++) chained = { [keyword]: [chained] };
            return chained;
          }),
      },
      {
        weight: hostileParts ? 2 : 0,
        arbitrary: fc.tuple(tie('schema'), hostile).map(([base, bad]) => ({
          ...(typeof base === 'object' ? base : {}),
          ...bad,
        })),
      },
    ),
  })).schema;
}
const cleanNode = nodeArbitrary(false);
const hostileNode = nodeArbitrary(true);

/** One generated schema: its root holds `$defs` the references point at (`d`, and `loop`, a cycle). */
export const grammarSchema: fc.Arbitrary<Record<string, unknown>> = fc
  .oneof(fc.tuple(cleanNode, cleanNode), fc.tuple(hostileNode, hostileNode))
  .map(([schema, definition]) => ({
    ...(typeof schema === 'object' ? schema : { anyOf: [schema] }),
    $defs: { d: definition, loop: { $ref: '#/$defs/loop2' }, loop2: { $ref: '#/$defs/loop' } },
  }));

/** What a reference the grammar cannot follow points at, for ajv: a narrow schema, so "any value" shows. */
const UNSEEN_TARGET = { type: 'number', minimum: 1e9 };
const REMOTE_REFS = ['https://x.test/s.json', 'https://example.com/s.json'];

let ajv: Ajv2020 | undefined;
/**
 * ajv's validator for `schema` as JSON Schema reads it, where the targets the grammar cannot see exist
 * (`#/$defs/missing` and the remote URLs: `UNSEEN_TARGET`), and an unreferenced `$defs/d` (which no
 * grammar reads) is left out. `undefined` when ajv refuses the schema (a keyword value the meta-schema
 * does not allow): the comparison is then skipped.
 */
function validatorOf(schema: Record<string, unknown>): ((value: unknown) => boolean) | undefined {
  if (ajv === undefined) {
    // No inlined references: ajv inlines a `$ref` target by counting its keys level by level, which
    // takes exponential time in a chain's depth (an `allOf` chain 33 deep behind a `$ref`: 20 min).
    ajv = new Ajv2020({ strict: false, validateFormats: false, inlineRefs: false });
    for (const url of REMOTE_REFS) ajv.addSchema({ $id: url, ...UNSEEN_TARGET });
  }
  const text = JSON.stringify(schema);
  const defs = schema.$defs as Record<string, unknown>;
  const copy = {
    ...schema,
    $defs: { ...defs, ...(text.includes('#/$defs/d"') ? {} : { d: {} }), missing: UNSEEN_TARGET },
  };
  try {
    const validate = ajv.compile(copy);
    return (value) => validate(value) === true;
  } catch {
    return undefined;
  } finally {
    ajv.removeSchema(copy);
  }
}

/** Values to try against both the grammar and ajv: a fixed pool and values read off the schema. */
function candidates(schema: unknown): unknown[] {
  const out: unknown[] = [
    null,
    true,
    false,
    0,
    1,
    -1,
    2.5,
    1e21,
    '',
    'a',
    'ab',
    'abc',
    'aB1',
    '2024-01-01',
    [],
    [1],
    ['a', 'b'],
    [1, 2, 3, 4, 5],
    {},
  ];
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (value: unknown, depth: number): void => {
    if (typeof value !== 'object' || value === null || seen.has(value) || depth > 60) return;
    seen.add(value);
    const node = value as Record<string, unknown>;
    if (Object.hasOwn(node, 'const')) out.push(node.const);
    if (Array.isArray(node.enum)) out.push(...node.enum.slice(0, 4));
    if (typeof node.properties === 'object' && node.properties !== null && !Array.isArray(node.properties))
      for (const name of Object.keys(node.properties)) names.add(name);
    for (const child of Object.values(node)) walk(child, depth + 1);
  };
  walk(schema, 0);
  const keys = [...names].slice(0, 4);
  for (const fill of ['a', 1, null, [], {}]) out.push(Object.fromEntries(keys.map((name) => [name, fill])));
  if (keys.length > 1) out.push({ [keys[0] as string]: 'ab', extra: 1 });
  return out;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const UNSEEN_REFS = new Set(['#/$defs/missing', '#/$defs/loop', '#/$defs/loop2', ...REMOTE_REFS]);

/** One unsupported part: the schema node holding it, and what it is. */
export interface UnsupportedPart {
  readonly node: Record<string, unknown>;
  readonly part: string;
}

/**
 * The unsupported parts (a `HOSTILE` keyword value, a reference the grammar cannot follow) of the
 * schema nodes below the root and `$defs/d`, through properties, items, branches and references, at
 * most one per node, in walk order. Whether the grammar reads a node is `isRead`'s to say.
 */
export function unsupportedParts(schema: Record<string, unknown>): UnsupportedPart[] {
  const defs = schema.$defs as Record<string, unknown>;
  const found: UnsupportedPart[] = [];
  const seen = new Set<unknown>();
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const node = pending.shift();
    if (!isObject(node) || seen.has(node)) continue;
    seen.add(node);
    const part = partOf(node);
    if (part !== undefined) found.push({ node, part });
    if (node.$ref === '#/$defs/d') pending.push(defs.d);
    if (isObject(node.properties)) pending.push(...Object.values(node.properties));
    for (const keyword of ['anyOf', 'oneOf', 'allOf', 'prefixItems'])
      if (Array.isArray(node[keyword])) pending.push(...(node[keyword] as unknown[]));
    pending.push(node.items, node.additionalProperties);
  }
  return found;
}

function partOf(node: Record<string, unknown>): string | undefined {
  for (const entry of HOSTILE) {
    const [[keyword, value]] = Object.entries(entry) as [[string, unknown]];
    // A length cap is read only where the value is a string.
    if (keyword === 'maxLength' && node.type !== 'string') continue;
    if (JSON.stringify(node[keyword]) === JSON.stringify(value)) return JSON.stringify({ [keyword]: value });
  }
  if (typeof node.$ref === 'string' && UNSEEN_REFS.has(node.$ref)) return `$ref ${node.$ref}`;
  return undefined;
}

const PROBE = 'tw-probe-value';

/**
 * Whether the grammar of `schema` reads `node`: with `node` replaced by `{ "const": PROBE }`, the
 * probe's text is in the grammar. A node no value can reach (an item past `maxItems`, a property of
 * an object no value satisfies) is not written, so it is not read.
 */
export function isRead(schema: Record<string, unknown>, node: Record<string, unknown>): boolean {
  const replaced = (value: unknown): unknown => {
    if (value === node) return { const: PROBE };
    if (Array.isArray(value)) return value.map(replaced);
    if (!isObject(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, replaced(entry)]));
  };
  const probed = replaced(schema) as JSONSchema;
  return schemaGrammar(probed, { whitespace: 'compact' }).grammar.includes(PROBE);
}

/** Every broken promise of `schemaGrammar` for `schema` (empty: all hold). */
export async function grammarViolations(schema: Record<string, unknown>): Promise<string[]> {
  const found: string[] = [];
  let result: ReturnType<typeof schemaGrammar>;
  const started = performance.now();
  try {
    result = schemaGrammar(schema as JSONSchema, { whitespace: 'compact' });
  } catch (error) {
    return [`threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`];
  }
  const ms = performance.now() - started;
  if (ms > GRAMMAR_BOUND_MS) found.push(`took ${ms.toFixed(0)} ms`);
  const schemaBytes = JSON.stringify(schema).length;
  if (result.grammar.length > GRAMMAR_FIXED_BYTES + GRAMMAR_BYTES_PER_SCHEMA_BYTE * schemaBytes)
    found.push(`grammar of ${result.grammar.length} bytes for a schema of ${schemaBytes}`);
  const warned = result.warnings.length > 0;
  // Every unsupported part the grammar reads is warned (the first few are probed: one grammar each).
  if (!warned)
    for (const { node, part } of unsupportedParts(schema).slice(0, 4))
      if (isRead(schema, node)) found.push(`no warning for ${part}, which the grammar reads`);
  let strictThrew = false;
  try {
    schemaGrammar(schema as JSONSchema, { strict: true });
  } catch (error) {
    strictThrew = true;
    if (!(error instanceof ToolwireError && error.code === 'unsupported'))
      found.push(`strict threw ${String(error)}, not a ToolwireError with code unsupported`);
  }
  if (strictThrew !== warned)
    found.push(`strict ${strictThrew ? 'threw' : 'returned'} with ${result.warnings.length} warnings`);
  let compiled: { accepts(text: string): Promise<boolean> };
  try {
    compiled = await (await llamaCppEngine()).compile(result.grammar);
  } catch (error) {
    return [
      ...found,
      `llama.cpp refused the grammar: ${error instanceof Error ? error.message : String(error)}`,
    ];
  }
  if (warned) return found;
  const validate = validatorOf(schema);
  if (validate === undefined) return found;
  for (const value of candidates(schema)) {
    const text = JSON.stringify(value);
    if (text === undefined) continue;
    if (!(await compiled.accepts(text))) continue;
    let valid: boolean;
    try {
      valid = validate(value);
    } catch (error) {
      // ajv recurses without end through a reference cycle that never reaches a value: a part read as
      // any value, which must have been warned.
      found.push(`the schema cannot be decided for ${text.slice(0, 80)} (${String(error)}), with no warning`);
      continue;
    }
    if (!valid) found.push(`grammar accepts ${text.slice(0, 80)}, which the schema rejects, with no warning`);
  }
  return found;
}
