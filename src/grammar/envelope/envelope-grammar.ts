import { ToolwireError } from '../../errors/toolwire-error.js';
import type { SchemaOption } from '../../schema/schema-root.js';
import type { JSONSchema } from '../../types/json-schema.js';
import type { ToolDefinition } from '../../types/tool.js';
import type { Warning } from '../../types/warning.js';
import { type Grammar, GrammarBuilder } from '../grammar-builder.js';
import {
  alternatives,
  chars,
  type GrammarNode,
  literal,
  NEVER,
  optional,
  repeat,
  sequence,
} from '../grammar-node.js';
import { type JsonGrammarOptions, JsonSchemaGrammar } from '../json-schema-grammar.js';
import {
  type ArgumentEncoding,
  blockSharesTrigger,
  type EnvelopeSpec,
  envelopeTrigger,
  fillTemplate,
  templatePieces,
} from './envelope-spec.js';
import { textWithout } from './text-without.js';

/** Which calls a grammar allows: `auto` (text, then optional calls), `required`, `none`, or one tool. */
export type EnvelopeChoice =
  | { readonly mode: 'auto' | 'required' | 'none' }
  | { readonly mode: 'tool'; readonly toolName: string };

/** Options of `envelopeGrammar`. */
export interface EnvelopeGrammarOptions extends JsonGrammarOptions {
  readonly choice: EnvelopeChoice;
  /** More than one call per turn (default false). */
  readonly parallel?: boolean;
  /**
   * llama.cpp's lazy form (`grammar_lazy`): the grammar starts at the trigger, text before it is left
   * to the model; only with `auto`, and only where the format has a trigger.
   */
  readonly lazy?: boolean;
}

/** A built envelope grammar. */
export interface EnvelopeGrammar {
  readonly grammar: Grammar;
  /** Trigger words that switch a lazy grammar on (empty unless `auto` with a trigger). */
  readonly triggers: string[];
  readonly warnings: Warning[];
}

/**
 * The grammar of one assistant turn in a format (`spec`) calling `tools`: an optional reasoning block,
 * then (with `auto`) free text that does not contain the trigger, then the calls in the format's
 * markers, each call one of the allowed tools with its arguments under that tool's schema, written in
 * the format's argument encoding (see `ArgumentEncoding`). Calls are joined by the format's separator;
 * with `parallel` off exactly one call.
 *
 * Mirrors llama.cpp's PEG grammars (`common/chat.cpp`: lazy under `auto`, trigger words beside the
 * grammar), xgrammar's structural tags and vLLM's `ArgumentSyntax` (raw string parameters that exclude
 * their closing tag; `../shared/docs/grammars.md` §4).
 *
 * @throws ToolwireError `invalid_argument` when a named tool is not in `tools`, when calls are
 *   required but `tools` is empty, or when the format cannot write calls and calls are required.
 */
export function envelopeGrammar(
  spec: EnvelopeSpec,
  tools: readonly ToolDefinition[],
  options: EnvelopeGrammarOptions,
): EnvelopeGrammar {
  const builder = new GrammarBuilder();
  const warnings: Warning[] = [];
  const python = spec.arguments.kind === 'keyed' && spec.arguments.values === 'python';
  const finish = (root: GrammarNode): Grammar => {
    const grammar = builder.build(root);
    return python ? withPythonLiterals(grammar) : grammar;
  };
  const choice = options.choice;
  const trigger = envelopeTrigger(spec);
  const reasoning = (): GrammarNode =>
    spec.reasoning === undefined
      ? literal('')
      : optional(
          sequence(
            literal(spec.reasoning.open),
            textWithout(builder, [spec.reasoning.close], 'reasoning-text'),
            literal(spec.reasoning.close),
          ),
        );
  const freeText = (): GrammarNode =>
    textWithout(
      builder,
      [...(trigger === undefined ? [] : [trigger]), ...(spec.reasoning ? [spec.reasoning.open] : [])],
      'content',
    );

  if (choice.mode === 'none' || spec.noCalls === true) {
    if (choice.mode === 'required' || choice.mode === 'tool')
      throw new ToolwireError(
        'invalid_argument',
        'this format writes no tool calls: use toolChoice "auto" or "none"',
      );
    return { grammar: finish(sequence(reasoning(), freeText())), triggers: [], warnings };
  }

  const chosen = choice.mode === 'tool' ? tools.filter((tool) => tool.name === choice.toolName) : tools;
  if (choice.mode === 'tool' && chosen.length === 0)
    throw new ToolwireError(
      'invalid_argument',
      `toolChoice names "${choice.toolName}", which is not in tools`,
    );
  if (chosen.length === 0 && choice.mode === 'required')
    throw new ToolwireError('invalid_argument', 'toolChoice "required" needs at least one tool');

  const callOptions: GrammarNode[] = [];
  for (const tool of chosen) {
    const json = new JsonSchemaGrammar(tool.parameters, options, builder);
    const args = argumentsNode(spec.arguments, json, tool, builder, warnings);
    const body = sequence(template(spec.call.open, tool.name), args, template(spec.call.close, tool.name));
    callOptions.push(builder.rule(`call-${tool.name}`, body));
    for (const warning of json.warnings()) warnings.push(prefixed(warning, tool.name));
  }
  const call = builder.rule('call', alternatives(...callOptions));
  const calls =
    options.parallel === true
      ? sequence(call, repeat(sequence(literal(spec.separator ?? ''), call), 0))
      : call;
  const block = builder.rule(
    'tool-calls',
    spec.section === undefined
      ? calls
      : sequence(literal(spec.section.open), calls, literal(spec.section.close)),
  );

  if (choice.mode !== 'auto') {
    return { grammar: finish(sequence(reasoning(), block)), triggers: [], warnings };
  }
  const shared = blockSharesTrigger(spec);
  const triggers =
    trigger === undefined
      ? []
      : shared && spec.section === undefined
        ? chosen.map(
            (tool) => fillTemplate(spec.call.open, { name: tool.name }).split('{index}')[0] as string,
          )
        : [trigger];
  if (options.lazy === true && trigger !== undefined) {
    return { grammar: finish(block), triggers, warnings };
  }
  if (options.lazy === true)
    warnings.push({
      type: 'unsupported',
      feature: 'lazy',
      details: 'the format has no trigger marker; the grammar covers the whole turn',
    });
  const text = freeText();
  const rest =
    spec.textBlock !== undefined
      ? alternatives(
          sequence(
            optional(
              sequence(
                literal(spec.textBlock.open),
                textWithout(builder, [spec.textBlock.close], 'preamble'),
                literal(spec.textBlock.close),
              ),
            ),
            block,
          ),
          text,
        )
      : spec.textBefore === false || trigger === undefined
        ? alternatives(text, block)
        : sequence(text, optional(block));
  return { grammar: finish(sequence(reasoning(), rest)), triggers, warnings };
}

function prefixed(warning: Warning, tool: string): Warning {
  if (warning.type === 'other') return { type: 'other', message: `${tool}: ${warning.message}` };
  return { ...warning, details: `${tool}: ${warning.details ?? ''}` };
}

/** A call template with its name filled and `{index}` as digits. */
function template(text: string, name: string, key?: string, type?: GrammarNode): GrammarNode {
  return sequence(
    ...templatePieces(text).map((piece) => {
      if ('text' in piece) return literal(piece.text);
      if (piece.slot === 'name') return literal(name);
      if (piece.slot === 'key') return literal(key ?? '');
      if (piece.slot === 'type') return type ?? literal('');
      return repeat(chars([[0x30, 0x39]]), 1, 9);
    }),
  );
}

function argumentsNode(
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
  // JSON Schema allows extra keys unless `additionalProperties: false`; keyed encodings do not write them.
  if (object.additional !== false)
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
    return sequence(template(encoding.open, toolName, key), jsonValue(), literal(close));
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
      sequence(template(encoding.open, toolName, key, stringLabel), quoted, literal(close)),
    );
  if (nonString || quoted === undefined)
    alternativesOut.push(
      sequence(template(encoding.open, toolName, key, otherLabel), jsonValue(), literal(close)),
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
 * contain a terminator), else any text without the terminators; `undefined` when no string is allowed.
 * Length, pattern and format are not enforced on raw text (vLLM's `arguments.rs` documents the same),
 * and said in `warnings`.
 */
function rawString(
  options: readonly SchemaOption[],
  terminators: readonly string[],
  builder: GrammarBuilder,
  warnings: Warning[],
  where: string,
): GrammarNode | undefined {
  const literals: string[] = [];
  let free = false;
  for (const option of options) {
    if (option.kind === 'literal' && typeof option.value === 'string') literals.push(option.value);
    else if (option.kind === 'string' || option.kind === 'any' || option.kind === 'unknown') {
      free = true;
      if (option.kind === 'string' && option.constrained === true)
        warnings.push({
          type: 'unsupported',
          feature: 'raw-string',
          details: `${where}: length, pattern and format are not enforced on a raw string value`,
        });
    }
  }
  if (free) return textWithout(builder, terminators, 'raw');
  const kept = literals.filter((value) => !terminators.some((end) => value.includes(end)));
  if (kept.length < literals.length)
    warnings.push({
      type: 'unsupported',
      feature: 'raw-string',
      details: `${where}: a literal holding the closing marker cannot be written raw`,
    });
  if (literals.length === 0) return undefined;
  return kept.length === 0 ? NEVER : alternatives(...kept.map(literal));
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

const PYTHON: Record<string, string> = { true: 'True', false: 'False', null: 'None' };

/**
 * The grammar with JSON's `true` / `false` / `null` also spelled as Python writes them (`True`,
 * `False`, `None`), for Python call syntax; both spellings read back the same (`pythonic-calls.ts`).
 */
function withPythonLiterals(grammar: Grammar): Grammar {
  const visit = (node: GrammarNode): GrammarNode => {
    switch (node.kind) {
      case 'literal': {
        const python = PYTHON[node.text];
        return python === undefined ? node : alternatives(node, literal(python));
      }
      case 'sequence':
        return sequence(...node.items.map(visit));
      case 'alternatives':
        return alternatives(...node.options.map(visit));
      case 'repeat':
        return repeat(visit(node.item), node.min, node.max);
      default:
        return node;
    }
  };
  const rules = new Map<string, GrammarNode>();
  for (const [name, body] of grammar.rules) rules.set(name, visit(body));
  return { root: grammar.root, rules };
}
