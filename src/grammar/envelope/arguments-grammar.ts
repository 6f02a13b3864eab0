// The grammar of one call's arguments in a format's encoding: a JSON object, or keyed members.

import type { SchemaOption } from '../../schema/schema-root.js';
import type { JSONSchema } from '../../types/json-schema.js';
import type { ToolDefinition } from '../../types/tool.js';
import type { Warning } from '../../types/warning.js';
import type { GrammarBuilder } from '../grammar-builder.js';
import { alternatives, type GrammarNode, literal, NEVER, optional, sequence } from '../grammar-node.js';
import type { JsonSchemaGrammar } from '../json-schema-grammar.js';
import { callTemplate } from './call-template.js';
import { type ArgumentEncoding, fillTemplate } from './envelope-spec.js';
import { rawStringBounds } from './raw-string-bounds.js';
import { textWithout } from './text-without.js';

/**
 * The arguments of a call to `tool`: with a `json` encoding one JSON value of its parameters schema;
 * with a `keyed` one each declared parameter as `open` + value + `close` (in schema order, optional
 * ones may be left out, joined by the encoding's separator). What keyed arguments cannot express
 * (extra keys a schema allows explicitly, a non-object schema, raw-string constraints) goes into
 * `warnings`.
 */
export function argumentsGrammar(
  encoding: ArgumentEncoding,
  json: JsonSchemaGrammar,
  tool: ToolDefinition,
  builder: GrammarBuilder,
  warnings: Warning[],
): GrammarNode {
  if (encoding.kind === 'json') return json.value(tool.parameters, `${tool.name}-args`);
  const object = json.root.options(tool.parameters).find((option) => option.kind === 'object');
  if (object === undefined || object.kind !== 'object') {
    warnings.push({
      type: 'unsupported',
      feature: 'parameters',
      details: `${tool.name}: keyed arguments need an object schema; no arguments allowed`,
    });
    return literal('');
  }
  // Keyed encodings write the declared parameters only. A schema that says nothing of extra keys gets
  // just that without a warning: a tool's parameters are what it declares, and most schemas leave
  // `additionalProperties` out (a warning on every such request told users nothing they could act
  // on). One that allows extra keys in so many words (`true`, or a schema for them) is told.
  const extra = object.schema.additionalProperties;
  if (extra !== undefined && extra !== false)
    warnings.push({
      type: 'unsupported',
      feature: 'additionalProperties',
      details: `${tool.name}: keyed arguments allow only the declared parameters`,
    });
  const members = object.properties.map(([key, schema]) => ({
    node: builder.rule(
      `${tool.name}-param-${key}`,
      keyedMember(encoding, json, tool.name, key, schema, builder, warnings),
    ),
    required: object.required.has(key),
  }));
  return memberList(members, encoding.separator ?? '', builder, tool.name);
}

/** One keyed argument: `open` + value + `close`, with a raw-string and a JSON alternative as the schema allows. */
function keyedMember(
  encoding: Extract<ArgumentEncoding, { kind: 'keyed' }>,
  json: JsonSchemaGrammar,
  toolName: string,
  key: string,
  schema: JSONSchema,
  builder: GrammarBuilder,
  warnings: Warning[],
): GrammarNode {
  const close = fillTemplate(encoding.close, { key, name: toolName });
  const options = json.root.options(schema);
  const jsonValue = () => {
    return json.value(schema, `${toolName}-${key}`, `/properties/${key}`);
  };
  if (encoding.strings === 'json')
    return sequence(callTemplate(encoding.open, toolName, key), jsonValue(), literal(close));
  const terminators =
    encoding.strings === 'raw' ? [close, ...(encoding.rawExcludes ?? [])] : [encoding.strings.quote];
  const raw = rawString(options, terminators, builder, warnings, `${toolName}: /properties/${key}`);
  const quoted =
    raw === undefined
      ? undefined
      : encoding.strings === 'raw'
        ? raw
        : sequence(literal(encoding.strings.quote), raw, literal(encoding.strings.quote));
  const nonString = options.some((option) => !isStringOption(option));
  const types = encoding.types;
  const stringLabel = types === undefined ? undefined : literal(types.string);
  const otherLabel =
    types === undefined
      ? undefined
      : types.other === 'json-type'
        ? alternatives(...jsonTypeLabels(options).map(literal))
        : literal(types.other);
  const alternativesOut: GrammarNode[] = [];
  if (quoted !== undefined)
    alternativesOut.push(
      sequence(callTemplate(encoding.open, toolName, key, stringLabel), quoted, literal(close)),
    );
  if (nonString || quoted === undefined)
    alternativesOut.push(
      sequence(callTemplate(encoding.open, toolName, key, otherLabel), jsonValue(), literal(close)),
    );
  return alternatives(...alternativesOut);
}

function isStringOption(option: SchemaOption): boolean {
  return option.kind === 'string' || (option.kind === 'literal' && typeof option.value === 'string');
}

/** `{type}` labels for non-string values (integers are `number`, as Kimi K3 writes them). */
function jsonTypeLabels(options: readonly SchemaOption[]): string[] {
  const labels = new Set<string>();
  for (const option of options) {
    if (option.kind === 'any' || option.kind === 'unknown')
      for (const label of ['number', 'boolean', 'null', 'object', 'array']) labels.add(label);
    else if (option.kind === 'integer' || option.kind === 'number') labels.add('number');
    else if (option.kind === 'literal') {
      const value = option.value;
      if (typeof value !== 'string')
        labels.add(value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
    } else if (option.kind !== 'string' && option.kind !== 'never') labels.add(option.kind);
  }
  return [...labels];
}

/**
 * The raw text of a string value: the literals when every string option is one (those that do not
 * contain a terminator); a constrained string as `rawStringBounds` bounds it (its pattern, format or
 * lengths: free raw text may never end on a weak model); else any text without the terminators.
 * `undefined` when no string is allowed. What a raw value cannot keep (vLLM's `arguments.rs` enforces
 * none of it) is said in `warnings`.
 */
function rawString(
  options: readonly SchemaOption[],
  terminators: readonly string[],
  builder: GrammarBuilder,
  warnings: Warning[],
  where: string,
): GrammarNode | undefined {
  const literals: string[] = [];
  const bounded: GrammarNode[] = [];
  let free = false;
  const warn = (details: string) => warnings.push({ type: 'unsupported', feature: 'raw-string', details });
  for (const option of options) {
    if (option.kind === 'literal' && typeof option.value === 'string') literals.push(option.value);
    else if (option.kind === 'string' && option.constrained === true) {
      const bounds = rawStringBounds(option.schema, terminators);
      if (bounds === undefined) {
        free = true;
        warn(`${where}: length, pattern and format are not enforced on a raw string value`);
        continue;
      }
      bounded.push(bounds.node);
      const { pattern, format } = option.schema;
      const skipped = [
        ...(typeof pattern === 'string' && bounds.applied !== 'pattern' ? ['pattern'] : []),
        ...(typeof format === 'string' && bounds.applied === 'length' ? ['format'] : []),
      ];
      if (skipped.length > 0)
        warn(`${where}: ${skipped.join(' and ')} not enforced on a raw string value (${bounds.applied} is)`);
    } else if (option.kind === 'string' || option.kind === 'any' || option.kind === 'unknown') free = true;
  }
  if (free) return textWithout(builder, terminators, 'raw');
  const kept = literals.filter((value) => !terminators.some((end) => value.includes(end)));
  if (kept.length < literals.length)
    warn(`${where}: a literal holding the closing marker cannot be written raw`);
  if (literals.length === 0 && bounded.length === 0) return undefined;
  const all = [...bounded, ...kept.map(literal)];
  return all.length === 0 ? NEVER : alternatives(...all);
}

/**
 * The members in order, joined by `separator`; a required member always present, an optional one
 * may be left out (the first member written may be any up to the first required one).
 */
function memberList(
  members: ReadonlyArray<{ readonly node: GrammarNode; readonly required: boolean }>,
  separator: string,
  builder: GrammarBuilder,
  toolName: string,
): GrammarNode {
  if (separator === '') return sequence(...members.map((m) => (m.required ? m.node : optional(m.node))));
  const tails: GrammarNode[] = [];
  let tail: GrammarNode = literal('');
  for (let index = members.length - 1; index >= 0; index--) {
    tails[index] = tail;
    const member = members[index] as { node: GrammarNode; required: boolean };
    const step = sequence(literal(separator), member.node);
    tail = builder.rule(`${toolName}-rest`, sequence(member.required ? step : optional(step), tail));
  }
  const firsts: GrammarNode[] = [];
  for (let index = 0; index < members.length; index++) {
    const member = members[index] as { node: GrammarNode; required: boolean };
    firsts.push(sequence(member.node, tails[index] as GrammarNode));
    if (member.required) break;
  }
  const anyRequired = members.some((m) => m.required);
  return alternatives(...firsts, anyRequired ? NEVER : literal(''));
}
