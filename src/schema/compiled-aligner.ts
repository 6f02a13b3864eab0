// The compiled aligner: `alignValue`'s exact check and its object-with-defaults path generated as
// JavaScript for one schema node of one `SchemaRoot` (`new Function`), so a value is checked by code
// that knows the schema instead of by the interpreter reading it on every call. Where `new Function`
// is not allowed (a Content-Security-Policy without 'unsafe-eval') the interpreter runs: same results.

import { setOwnProperty } from '../internal/set-own-property.js';
import type { JSONSchema } from '../types/json-schema.js';
import { cloneJson } from './align-object.js';
import { finish, NO_FLAGS, NO_ISSUES, Sink } from './align-sink.js';
import { codePointLength } from './align-string.js';
import type { Aligner } from './aligner.js';
import type { CompiledAligner, CompilePlan } from './compile-plan.js';
import { ExactCodegen } from './exact-codegen.js';
import { writeAlign } from './fill-codegen.js';
import { matchesLiteral } from './matches-literal.js';
import { type SchemaOption, SchemaRoot } from './schema-root.js';

/** The names the generated code gives the values `compileAligner` passes it, in order. */
const HELPERS = ['K', 'CP', 'ML', 'I', 'CJ', 'SOP', 'SK', 'FIN', 'NF', 'NI'];

/** Schemas with more nodes than this are left to the interpreter (the generated text stays small). */
const MAX_NODES = 4000;

/**
 * Generates the compiled aligner of `node` (a node of `aligner.root`, with `aligner.applyDefaults`),
 * or `undefined` when the interpreter must keep it:
 *
 * - a schema with anything `SchemaRoot.unsupportedKeywords` would list (an unknown keyword, a bad
 *   keyword value, a `$ref` that does not resolve or cycles, a pattern that cannot run): the
 *   interpreter lists those as values reach them, and compiling expands every node at once;
 * - more than `MAX_NODES` schema nodes;
 * - `new Function` throws (a Content-Security-Policy without 'unsafe-eval').
 *
 * The check for the first case expands the schema in a throwaway `SchemaRoot`, so nothing is listed in
 * `aligner.root` by compiling. Never throws.
 */
export function compileAligner(aligner: Aligner, node: JSONSchema): CompiledAligner | undefined {
  try {
    if (!expandsCleanly(aligner.root.schema, node)) return undefined;
    const gen = new ExactCodegen(aligner.root, aligner.applyDefaults);
    const entry = gen.node(node);
    const options = aligner.root.options(node);
    const single = options.length === 1 ? (options[0] as SchemaOption) : undefined;
    const align = single?.kind === 'object' && writeAlign(gen, single);
    if (!gen.drain(MAX_NODES)) return undefined;
    const body = [
      '"use strict";',
      gen.constantDeclarations(),
      ...gen.parts,
      `return { exact: (v) => ${entry}(v, 0), align: ${align ? 'align' : 'undefined'} };`,
    ].join('\n');
    const make = new Function(...HELPERS, body) as (...args: unknown[]) => CompiledAligner;
    return make(
      gen.constants,
      codePointLength,
      matchesLiteral,
      aligner,
      cloneJson,
      setOwnProperty,
      Sink,
      finish,
      NO_FLAGS,
      NO_ISSUES,
    );
  } catch {
    return undefined;
  }
}

/**
 * Whether expanding every node reachable from `node` (and compiling every `pattern` on the way) lists
 * nothing in `unsupportedKeywords`, tried in a fresh `SchemaRoot` of the same schema. Also false past
 * `MAX_NODES` nodes.
 */
function expandsCleanly(schema: JSONSchema, node: JSONSchema): boolean {
  const scratch = new SchemaRoot(schema);
  const seen = new Set<unknown>();
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const next = stack.pop();
    if (seen.has(next)) continue;
    seen.add(next);
    if (seen.size > MAX_NODES) return false;
    for (const option of scratch.options(next as JSONSchema)) {
      if (option.kind === 'object') {
        for (const [, child] of option.properties) stack.push(child);
        stack.push(option.additional);
      } else if (option.kind === 'array') {
        stack.push(...option.prefixItems, option.items);
      } else if (option.kind === 'string' && typeof option.schema.pattern === 'string') {
        scratch.pattern(option.schema);
      }
    }
  }
  return scratch.unsupportedKeywords.length === 0;
}

/**
 * A node is compiled once it has been interpreted this many times and for `COMPILE_AFTER_MS` in all:
 * generating code costs 0.3 ms for a small tool schema and 8 ms for one of 200 properties, so a schema
 * aligned a few times (a one-off `toolwire align`) never pays for it, and one aligned over and over (a
 * tool's calls) pays for it at most once what interpreting it has cost so far.
 */
export const COMPILE_AFTER = 3;
export const COMPILE_AFTER_MS = 1;

/** A clock in milliseconds where the runtime has one (`performance.now`). */
const clock = (globalThis as { performance?: { now(): number } }).performance;

/**
 * The compiled aligner of `node` once it is due (`now`: at once), cached in `plan`; `undefined` while
 * the interpreter runs it (then `interpret` runs it, timed into `plan`).
 */
export function compiledFor(
  plan: CompilePlan,
  aligner: Aligner,
  node: JSONSchema,
  now: boolean,
): CompiledAligner | undefined {
  const compiled = plan.compiled;
  if (compiled !== undefined) return compiled ?? undefined;
  if (!now && (++plan.calls <= COMPILE_AFTER || (clock !== undefined && plan.spent < COMPILE_AFTER_MS))) {
    return undefined;
  }
  plan.compiled = compileAligner(aligner, node) ?? null;
  return plan.compiled ?? undefined;
}

/** `interpret()`, its time added to `plan.spent` while the node is not compiled yet. */
export function timed<T>(plan: CompilePlan | undefined, interpret: () => T): T {
  if (plan === undefined || plan.compiled !== undefined || clock === undefined) return interpret();
  const start = clock.now();
  const result = interpret();
  plan.spent += clock.now() - start;
  return result;
}
