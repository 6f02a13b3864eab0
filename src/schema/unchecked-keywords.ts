// The keywords of a schema that alignment does not check (what a caller that promises conformance must refuse).

import type { JSONSchema } from '../types/json-schema.js';
import {
  type IgnoredKeywordsContext,
  ONE_OF_READ_AS_ANY_OF,
  reportIgnoredKeywords,
} from './ignored-keywords.js';
import { MAX_EXPAND_DEPTH, SchemaRoot, type UnsupportedKeyword } from './schema-root.js';

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
 * The keywords of `schema` that a value can break and still align with no issue:
 * - validation keywords alignment does not interpret (`UNCHECKED_KEYWORDS`);
 * - recognised keywords it cannot apply as written (those `SchemaRoot.unsupportedKeywords` gives a
 *   `reason`: a `pattern` RE2 cannot run, such as one with a backreference or lookaround; a `$ref`
 *   that is remote or does not resolve; a keyword value the meta-schema does not allow);
 * - keywords `SchemaRoot` does not apply where they stand (`reportIgnoredKeywords`: anything beside
 *   `$ref`, `const`, `enum`, `anyOf` / `oneOf`; `allOf` beside `type` / `properties`), a
 *   `propertyNames` other than `true` / `{}`, a `type` name that is no JSON type (`"bogus"`), and a
 *   schema nested deeper than `MAX_EXPAND_DEPTH` levels of values (keyword `depth`: not read).
 *
 * Keywords no JSON Schema vocabulary defines are not listed, nor a `oneOf` read as `anyOf` (each
 * branch is checked; only exclusivity is not). Expands the whole schema once (`SchemaRoot.expandAll`,
 * which compiles every `pattern`); schema order, then the ignored keywords in walk order.
 *
 * @returns `[]` when alignment checks everything the schema says.
 */
export function uncheckedKeywords(schema: JSONSchema | SchemaRoot): readonly UnsupportedKeyword[] {
  const root = SchemaRoot.from(schema);
  const { nodes, tooDeep } = root.expandAll();
  const out = root.unsupportedKeywords.filter(
    (entry) => entry.reason !== undefined || UNCHECKED_KEYWORDS.has(entry.keyword),
  );
  const context: IgnoredKeywordsContext = {
    inspected: new WeakSet<object>(),
    report: (keyword, pointer, reason) => {
      if (reason !== ONE_OF_READ_AS_ANY_OF) out.push({ pointer, keyword, reason });
    },
    resolve: (ref) => root.resolveRef(ref),
  };
  for (const node of nodes) {
    const pointer = root.pointerOf(node);
    reportIgnoredKeywords(node, pointer, context);
    const names = node.propertyNames;
    if (names !== undefined && names !== true && !isEmptyObject(names))
      out.push({ pointer, keyword: 'propertyNames', reason: 'property names are not checked' });
    for (const option of root.options(node)) {
      if (option.kind === 'unknown')
        out.push({
          pointer,
          keyword: 'type',
          reason: `"${option.typeName}" is no JSON type; any value allowed`,
        });
    }
  }
  if (tooDeep !== undefined) {
    out.push({
      pointer: root.pointerOf(tooDeep),
      keyword: 'depth',
      reason: `nested deeper than ${MAX_EXPAND_DEPTH} levels of values; not read`,
    });
  }
  return out;
}

function isEmptyObject(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0
  );
}
