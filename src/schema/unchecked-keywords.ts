// The keywords of a schema that alignment does not check (what a caller that promises conformance must refuse).

import type { JSONSchema } from '../types/json-schema.js';
import { SchemaRoot, type UnsupportedKeyword } from './schema-root.js';

/**
 * Validation keywords alignment does not interpret: a schema using one can accept less than alignment
 * lets through (JSON Schema 2020-12 validation and applicator keywords, and draft-07's `dependencies`).
 */
export const UNCHECKED_KEYWORDS: ReadonlySet<string> = new Set([
  'not',
  'if',
  'then',
  'else',
  'allOf',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'patternProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
  '$dynamicRef',
  '$recursiveRef',
]);

/**
 * The keywords of `schema` that a value can break and still align with no issue: validation keywords
 * alignment does not interpret (`UNCHECKED_KEYWORDS`), and recognised keywords it cannot apply as
 * written (those `SchemaRoot.unsupportedKeywords` gives a `reason`: a `pattern` RE2 cannot run, such as
 * one with a backreference or lookaround; a `$ref` that is remote or does not resolve; a keyword value
 * the meta-schema does not allow). Keywords no JSON Schema vocabulary defines are not listed. Expands
 * the whole schema once (`SchemaRoot.expandAll`, which compiles every `pattern`); schema order.
 *
 * @returns `[]` when alignment checks everything the schema says.
 */
export function uncheckedKeywords(schema: JSONSchema | SchemaRoot): readonly UnsupportedKeyword[] {
  const root = SchemaRoot.from(schema);
  root.expandAll();
  return root.unsupportedKeywords.filter(
    (entry) => entry.reason !== undefined || UNCHECKED_KEYWORDS.has(entry.keyword),
  );
}
