// What the per-type aligners share: the `AlignContext` they recurse through (the `Aligner`
// implements it, so no aligner file imports another's dispatcher), the depth bound, and the
// one-item-array unwrap of scalar targets.
import type { JSONSchema } from '../types/json-schema.js';
import type { Sink } from './align-sink.js';
import type { SchemaOption, SchemaRoot } from './schema-root.js';

/** Values nested deeper than this are kept as received, with a `too_deep` issue. */
export const MAX_VALUE_DEPTH = 256;

/** The alignment engine over one `SchemaRoot`, as the per-type aligners see it. */
export interface AlignContext {
  readonly root: SchemaRoot;
  /** The value is a prefix of a streamed value: a missing required property is null, not an issue. */
  readonly partial: boolean;
  /** A missing declared property takes its schema `default` (`AlignOptions.applyDefaults`). */
  readonly applyDefaults: boolean;
  /** Aligns `value` with a schema node (its options split by the root). */
  node(value: unknown, schema: JSONSchema | undefined, path: string, sink: Sink, depth: number): unknown;
  /** Aligns `value` with one option of a node. */
  option(value: unknown, option: SchemaOption, path: string, sink: Sink, depth: number): unknown;
  /** Whether `schema` accepts null (a null option, a null literal, or any). */
  allowsNull(schema: JSONSchema | undefined): boolean;
}

/** Unwraps a one-item array for a scalar target (BAML `FirstMatch`, Table B row 22). */
export function unwrapped(value: unknown[], path: string, sink: Sink): unknown {
  sink.flag(path, 'array_to_single', value.length > 1 ? 2 : 0);
  return value[0];
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
