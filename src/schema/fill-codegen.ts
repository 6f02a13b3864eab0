// The source text of `alignValue` specialised to a root that is one object option, for the case it
// can decide alone: every key is a declared property whose value fits exactly, and the properties left
// out are optional (their `default` is filled in). Anything else returns `undefined` and
// `alignValue` goes on as before (the exact check, then the interpreter).
import { pointer } from './align-issue.js';
import type { ExactCodegen } from './exact-codegen.js';
import { type ObjectOption, undeclaredRequired } from './object-properties.js';
import type { SchemaOption } from './schema-root.js';

/**
 * Writes `function align(v, strict)` into `gen.parts`: the `AlignResult` `alignValue` gives for `v`
 * (the value itself when it is exact; otherwise the object `alignObject` builds, with the flags it
 * adds, in the same order), or `undefined` when `v` is not the simple case. Returns `false` for an
 * option whose every value needs the interpreter (required names it does not declare,
 * `minProperties` / `maxProperties`).
 *
 * The generated text uses, besides `ExactCodegen`'s helpers, `I` (the interpreter, for values of a
 * nested object or array, which it rebuilds), `CJ` (`cloneJson`), `SOP` (`setOwnProperty`), `SK`
 * (`Sink`), `FIN` (`finish`) and `NF` / `NI` (the shared empty flags and issues).
 */
export function writeAlign(gen: ExactCodegen, option: ObjectOption): boolean {
  const { minProperties, maxProperties } = option.schema;
  if (typeof minProperties === 'number' || typeof maxProperties === 'number') return false;
  if (undeclaredRequired(option).length > 0) return false;
  const properties = option.properties;
  const root = gen.root;
  const checks: string[] = [];
  const copies: string[] = [];
  const orderedChecks: string[] = [];
  const orderedCopies: string[] = [];
  const fills: string[] = [];
  const missing: string[] = [];
  const present: string[] = [];
  for (const [property, schema] of properties) {
    const options = root.options(schema);
    const required = option.required.has(property);
    const key = JSON.stringify(property);
    const child = gen.node(schema);
    // `alignObject` drops an optional null the schema does not allow (flagged): not this path's job.
    const dropsNull = !required && !allowsNull(options);
    const naming = gen.naming(schema);
    const checkOf = (fail: string) =>
      `if (!${child}(c, 1)) ${fail}${dropsNull ? ` if (c === null) ${fail}` : ''} ${naming}`;
    const check = checkOf('return undefined;');
    checks.push(checkOf('return 0;'));
    const suffix = JSON.stringify(pointer('', property));
    const store = (value: string) =>
      property === '__proto__' ? `SOP(out, ${key}, ${value});` : `out[${key}] = ${value};`;
    const copy = store(copyOf(gen, options, schema, suffix));
    copies.push(copy);
    const fillsDefault = gen.fillsDefault(schema);
    orderedChecks.push(
      `if (j < n && keys[j] === ${key}) { c = v[${key}]; ${check} j++; }` +
        (required && !fillsDefault ? ' else break walk;' : ''),
    );
    orderedCopies.push(`if (j < n && keys[j] === ${key}) { c = v[${key}]; ${copy} j++; }`);
    if (fillsDefault) {
      missing.push(`!Object.hasOwn(v, ${key})`);
      fills.push(
        `if (!Object.hasOwn(v, ${key})) { sink.flag(${suffix}, "default_filled"); ${store(`CJ(${gen.constant(schema)}.default)`)} }`,
      );
    } else if (required) {
      // a required property left out is an issue (or a null): the interpreter's
      present.push(`if (!Object.hasOwn(v, ${key})) return 0;`);
    }
  }
  const indent = (lines: string[]) => lines.map((line) => `  ${line}`);
  // Any key order: 0 when the interpreter must align `v`, else 1 (a property is named) or 2 (none).
  gen.parts.push(
    [
      'function alignCheck(v, keys) {',
      '  let named = false;',
      '  for (let i = 0; i < keys.length; i++) {',
      '    const key = keys[i];',
      '    const c = v[key];',
      ...indent(indent(gen.keySwitch(properties, checks, 'return 0;'))),
      '  }',
      ...indent(present),
      '  return named ? 1 : 2;',
      '}',
    ].join('\n'),
  );
  const named = properties.length > 0 ? 'named' : 'true';
  const lines = [
    'if (typeof v !== "object" || v === null || Array.isArray(v)) return undefined;',
    'const keys = Object.keys(v);',
    'const n = keys.length;',
    'let j = 0;',
    'let named = false;',
    'let ordered = false;',
    'let c;',
    // The common case first: the keys are declared properties in declared order (some left out).
    'walk: {',
    ...indent(orderedChecks),
    '  ordered = j === n;',
    '}',
    'if (!ordered) {',
    '  const found = alignCheck(v, keys);',
    '  if (found === 0) return undefined;',
    '  named = found === 1;',
    '}',
    `if (${named}${missing.length > 0 ? ` && !(${missing.join(' || ')})` : ''}) return { value: v, flags: NF, issues: NI };`,
    'const sink = new SK();',
    'const out = {};',
    'if (ordered) {',
    '  j = 0;',
    ...indent(orderedCopies),
    '} else {',
    '  for (let i = 0; i < keys.length; i++) {',
    '    const key = keys[i];',
    '    const c = v[key];',
    ...indent(indent(gen.keySwitch(properties, copies, ''))),
    '  }',
    '}',
    ...fills,
  ];
  // (`alignObject` also ranks an object naming none of its properties lower, in `sink.score`: only a
  // union reads that, and this is the root.)
  lines.push('return FIN(out, sink, strict);');
  gen.parts.push(`function align(v, strict) {\n  ${lines.join('\n  ')}\n}`);
  return true;
}

/** What `Aligner.node` returns for a value that fits `options` exactly, as an expression over `c`. */
function copyOf(
  gen: ExactCodegen,
  options: readonly SchemaOption[],
  schema: unknown,
  suffix: string,
): string {
  if (options.length !== 1) return 'c'; // a union returns an exact value itself
  const option = options[0] as SchemaOption;
  if (option.kind === 'object' || option.kind === 'array') {
    // rebuilt by the interpreter (no flags for an exact value; the same object structure)
    return `I.node(c, ${gen.constant(schema)}, ${suffix}, sink, 1)`;
  }
  if (option.kind === 'literal' && typeof option.value !== 'string') return gen.constant(option.value);
  return 'c';
}

/** `Aligner.allowsNull` over already split options. */
function allowsNull(options: readonly SchemaOption[]): boolean {
  return options.some(
    (option) =>
      option.kind === 'null' || option.kind === 'any' || (option.kind === 'literal' && option.value === null),
  );
}
