// The keywords SchemaRoot does not apply where they stand (siblings of anyOf / $ref / enum).

import {
  canonicalTypeName,
  MAX_SCHEMA_DEPTH,
  type SchemaObject,
  type SchemaTypeName,
} from './schema-root.js';

/** Keywords that only annotate, or that `SchemaRoot` reads beside a `$ref` / `anyOf` anyway. */
export const PASSIVE_KEYWORDS: ReadonlySet<string> = new Set([
  'title',
  'description',
  'default',
  'examples',
  '$comment',
  '$schema',
  '$id',
  '$anchor',
  '$defs',
  'definitions',
  'deprecated',
  'readOnly',
  'writeOnly',
  'nullable',
  'strict',
]);

/**
 * Receives one keyword not applied: the `keyword`, the JSON Pointer of its schema node (`''` for the
 * root) and why, as the end of a sentence (`"maxLength beside $ref not applied"`).
 */
export type ReportIgnored = (keyword: string, pointer: string, reason: string) => void;

/**
 * Why a `oneOf` of several branches is reported: a value matching two branches passes. Not a keyword
 * left unchecked (the branches are), so `uncheckedKeywords` does not list it.
 */
export const ONE_OF_READ_AS_ANY_OF = 'oneOf read as anyOf (one branch only is not enforced)';

/** What `reportIgnoredKeywords` needs: the nodes seen, where reports go, and how `$ref`s resolve. */
export interface IgnoredKeywordsContext {
  /** Nodes already inspected (each is inspected once). */
  readonly inspected: WeakSet<object>;
  readonly report: ReportIgnored;
  /** A local `$ref`'s target (`SchemaRoot.resolveRef`); `undefined` when remote or missing. */
  readonly resolve: (ref: string) => unknown;
}

/**
 * Warns about the keywords of `node` (and of its `anyOf` / `oneOf` / single `allOf` branches) that
 * `SchemaRoot` does not apply: anything beside `$ref`, `const`, `enum`, `anyOf` / `oneOf` (and
 * `oneOf` read as `anyOf`), `allOf` beside `type` / `properties`, and likewise of the targets of its
 * local `$ref`s. Each node is inspected once (`context.inspected`); `path` is its JSON Pointer. Branches deeper than `MAX_SCHEMA_DEPTH` are not read
 * (nor applied: `SchemaRoot` stops there too), so a chain 10,000 deep cannot overflow the stack.
 */
export function reportIgnoredKeywords(
  node: SchemaObject,
  path: string,
  context: IgnoredKeywordsContext,
  depth = 0,
): void {
  const { inspected, report, resolve } = context;
  if (inspected.has(node) || depth > MAX_SCHEMA_DEPTH) return;
  inspected.add(node);
  const keys = Object.keys(node).filter((k) => !PASSIVE_KEYWORDS.has(k) && !k.startsWith('x-'));
  const ignoredBeside = (keyword: string, literals?: readonly unknown[]): void => {
    // A `type` every literal already has changes nothing (zod writes {"type":"string","enum":[...]}).
    const others = keys.filter(
      (k) => k !== keyword && !(k === 'type' && literals && literalsFitType(literals, node.type)),
    );
    if (others.length > 0) {
      report(keyword, path, `${others.join(', ')} beside ${keyword} not applied`);
    }
  };
  if (typeof node.$ref === 'string') {
    ignoredBeside('$ref');
    // SchemaRoot reads the target where the reference stands, with the same rules: a target reached
    // only through references (`$defs`) is inspected here, or its ignored keywords go unwarned.
    const target = resolve(node.$ref);
    if (typeof target === 'object' && target !== null)
      reportIgnoredKeywords(
        target as SchemaObject,
        node.$ref.startsWith('#') ? node.$ref.slice(1) : path,
        context,
        depth + 1,
      );
  } else if (Object.hasOwn(node, 'const')) ignoredBeside('const', [node.const]);
  else if (Array.isArray(node.enum)) ignoredBeside('enum', node.enum);
  else if (Array.isArray(node.anyOf) || Array.isArray(node.oneOf)) {
    const keyword = Array.isArray(node.anyOf) ? 'anyOf' : 'oneOf';
    ignoredBeside(keyword);
    if (keyword === 'anyOf' && Array.isArray(node.oneOf))
      report('oneOf', path, 'oneOf beside anyOf not applied');
    if (keyword === 'oneOf' && (node.oneOf as unknown[]).length > 1) {
      report('oneOf', path, ONE_OF_READ_AS_ANY_OF);
    }
    const branches = node[keyword] as unknown[];
    branches.forEach((branch, index) => {
      if (typeof branch === 'object' && branch !== null)
        reportIgnoredKeywords(branch as SchemaObject, `${path}/${keyword}/${index}`, context, depth + 1);
    });
  } else if (Array.isArray(node.allOf) && (node.type !== undefined || node.properties !== undefined)) {
    report('allOf', path, 'allOf beside type / properties not applied');
  } else if (
    Array.isArray(node.allOf) &&
    node.allOf.length === 1 &&
    typeof node.allOf[0] === 'object' &&
    node.allOf[0] !== null
  ) {
    ignoredBeside('allOf');
    reportIgnoredKeywords(node.allOf[0] as SchemaObject, `${path}/allOf/0`, context, depth + 1);
  }
}

/** Every literal is a value of (one of) the named JSON types. */
function literalsFitType(literals: readonly unknown[], type: unknown): boolean {
  const names = new Set(
    (Array.isArray(type) ? type : [type])
      .filter((t): t is string => typeof t === 'string')
      .map(canonicalTypeName),
  );
  return literals.every((value) => {
    if (value === null) return names.has('null');
    if (Array.isArray(value)) return names.has('array');
    if (typeof value === 'number')
      return names.has('number') || (names.has('integer') && Number.isInteger(value));
    return names.has(typeof value as SchemaTypeName);
  });
}
