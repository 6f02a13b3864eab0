// alignValue: the public entry that aligns a parsed value with a schema (the engine is `Aligner`).
import type { JSONSchema } from '../types/json-schema.js';
import { tooDeepIssue } from './align-issue.js';
import type { AlignOptions, AlignResult } from './align-result.js';
import { finish, NO_FLAGS, NO_ISSUES, Sink } from './align-sink.js';
import { Aligner } from './aligner.js';
import { checkAlignArguments } from './check-align-arguments.js';
import type { CompiledAligner, CompilePlan } from './compile-plan.js';
import { compiledFor, timed } from './compiled-aligner.js';
import { SchemaRoot } from './schema-root.js';

/** Options of `alignValue`: `AlignOptions` plus the root that `schema` is a node of. */
export interface AlignValueOptions extends AlignOptions {
  /**
   * The root schema `$ref`s resolve against when `schema` is a node inside it (for example one
   * property of a tool's parameters). Default: `schema` itself.
   */
  readonly root?: SchemaRoot;
  /**
   * Whether the checks of a reused schema are generated as JavaScript code (`new Function`), as ajv
   * does: `true` at the first call, `undefined` (default) once the same schema node has aligned a few
   * values, `false` never. The result is the same either way; where `new Function` is not allowed (a
   * Content-Security-Policy without 'unsafe-eval'), for schemas with anything `unsupportedKeywords`
   * would list, and in `partial` mode, the interpreter runs.
   */
  readonly compile?: boolean;
}

/**
 * Aligns a parsed JSON value with a JSON Schema, BAML-style schema-aligned parsing (coercion.md
 * Table B; each rule's source is on `AlignFlagKind`):
 *
 * - numbers from numeric strings (`"1,000"` → 1000), a float for an integer rounded half away from
 *   zero (2.7 → 3), numbers and booleans to strings, JSON text to an object or array, a single value
 *   wrapped into an array, a one-item array unwrapped, booleans from `"true"` / prose, enum strings
 *   matched ignoring case, accents and punctuation (an ambiguous match is an issue), property keys
 *   matched loosely, `default` filled in for missing optional properties (not with
 *   `applyDefaults: false`), `additionalProperties`
 *   honoured (extra keys removed under `false`, typed under a schema);
 * - unions (`anyOf` / `oneOf` / `type` arrays / enums): an exact match wins, otherwise the variant
 *   with the fewest issues, then the lowest flag score, then the first in schema order;
 * - never `NaN` → 0, never `"1/5"` → 0 for an integer, and a bad value inside an optional property,
 *   an array or a map is an issue (the value is kept as received), never dropped;
 * - `minimum` / `maximum` / `multipleOf` / `minLength` / `maxLength` / `pattern` / `minItems` /
 *   `maxItems` / `uniqueItems` / `minProperties` / `maxProperties` are checked after alignment.
 *
 * `schema` may be a `SchemaRoot` (reuse one per tool: its expansion is cached). With `strict`, every
 * coercion is also an issue. Objects are built so that `__proto__` and `constructor` keys are plain
 * data. Never throws on model data; returns `{ value, flags, issues }`.
 *
 * @throws {ToolwireError} (code `invalid_argument`) when `schema` is not an object, a boolean or a
 *   `SchemaRoot`, `options` is not an object, one of its boolean options is not a boolean, or `root` is
 *   not a `SchemaRoot`.
 */
export function alignValue(
  value: unknown,
  schema: JSONSchema | SchemaRoot,
  options?: AlignValueOptions,
): AlignResult {
  // A reused root with no options was checked when it was first aligned with.
  if (options !== undefined || lastAligner?.root !== schema)
    checkAlignArguments('alignValue', schema, options, VALUE_BOOLEANS);
  return alignValueUnchecked(value, schema, options);
}

/**
 * `alignValue` without its checks of `schema` and `options`, for the parsers' own calls (their
 * schemas and options were checked when the tools were given): no cost per call beyond alignment.
 */
export function alignValueUnchecked(
  value: unknown,
  schema: JSONSchema | SchemaRoot,
  options?: AlignValueOptions,
): AlignResult {
  // The common call, a reused root with no options: straight to its compiled aligner.
  const last = lastAligner;
  const compiled = options === undefined && last?.root === schema ? last.rootPlan.compiled : undefined;
  try {
    if (compiled)
      return alignCompiled(compiled, last as Aligner, (last as Aligner).root.schema, value, false);
    return alignWith(value, schema, options);
  } catch {
    // Only a stack overflow on pathological input can land here; keep the value, report it.
    return { value, flags: [], issues: [tooDeepIssue('')] };
  }
}

const VALUE_BOOLEANS = ['strict', 'partial', 'applyDefaults', 'compile'];

function alignWith(
  value: unknown,
  schema: JSONSchema | SchemaRoot,
  options?: AlignValueOptions,
): AlignResult {
  const root = options?.root ?? SchemaRoot.from(schema);
  const node = schema instanceof SchemaRoot ? schema.schema : schema;
  const strict = options?.strict === true;
  const applyDefaults = options?.applyDefaults !== false;
  if (options?.partial === true)
    return interpret(new Aligner(root, true, applyDefaults), node, value, strict);
  const aligner = defaultAligner(root, applyDefaults);
  const compile = options?.compile;
  const plan = compile === false ? undefined : planOf(aligner, node);
  const compiled = plan && compiledFor(plan, aligner, node, compile === true);
  if (compiled !== undefined) return alignCompiled(compiled, aligner, node, value, strict);
  return timed(plan, () => interpret(aligner, node, value, strict));
}

/** The interpreter: a value that already conforms comes back as is, with nothing allocated on the way. */
function interpret(aligner: Aligner, node: JSONSchema, value: unknown, strict: boolean): AlignResult {
  if (aligner.exact(value, node, 0)) return { value, flags: NO_FLAGS, issues: NO_ISSUES };
  const sink = new Sink();
  return finish(aligner.node(value, node, '', sink, 0), sink, strict);
}

/** The compiled aligner's answer where it has one, else its exact check, else the interpreter. */
function alignCompiled(
  compiled: CompiledAligner,
  aligner: Aligner,
  node: JSONSchema,
  value: unknown,
  strict: boolean,
): AlignResult {
  const result = compiled.align?.(value, strict);
  if (result !== undefined) return result;
  if (compiled.exact(value)) return { value, flags: NO_FLAGS, issues: NO_ISSUES };
  const sink = new Sink();
  return finish(aligner.node(value, node, '', sink, 0), sink, strict);
}

const aligners = new WeakMap<SchemaRoot, Aligner>();
const alignersWithoutDefaults = new WeakMap<SchemaRoot, Aligner>();

/** The compilation state of `node` in a shared aligner (none for a boolean node: nothing to gain). */
function planOf(aligner: Aligner, node: JSONSchema): CompilePlan | undefined {
  if (node === aligner.root.schema) return aligner.rootPlan;
  if (typeof node !== 'object' || node === null) return undefined;
  aligner.plans ??= new WeakMap();
  let plan = aligner.plans.get(node);
  if (plan === undefined) {
    plan = { calls: 0, spent: 0, compiled: undefined };
    aligner.plans.set(node, plan);
  }
  return plan;
}

/**
 * The aligner of the root aligned last with defaults: a tool's calls come one after another, and this
 * check costs less than the `WeakMap` lookup (it keeps that one root alive until another is aligned).
 */
let lastAligner: Aligner | undefined;

/** The (stateless) non-partial aligner of a root, shared. */
function defaultAligner(root: SchemaRoot, applyDefaults: boolean): Aligner {
  if (applyDefaults && lastAligner?.root === root) return lastAligner;
  const aligner = cachedAligner(root, applyDefaults);
  if (applyDefaults) lastAligner = aligner;
  return aligner;
}

function cachedAligner(root: SchemaRoot, applyDefaults: boolean): Aligner {
  const cache = applyDefaults ? aligners : alignersWithoutDefaults;
  let aligner = cache.get(root);
  if (!aligner) {
    aligner = new Aligner(root, false, applyDefaults);
    cache.set(root, aligner);
  }
  return aligner;
}
