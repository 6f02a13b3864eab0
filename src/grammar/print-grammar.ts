import type { Grammar } from './grammar-builder.js';
import {
  type CodePointRange,
  charRanges,
  complementRanges,
  type GrammarNode,
  isNever,
  MAX_CODE_POINT,
} from './grammar-node.js';
import { keepPrintedText, printedText } from './stable-nodes.js';

/**
 * The grammar text dialects toolwire prints:
 *
 * - `gbnf`: llama.cpp's GBNF (`grammars/README.md`, parser `src/llama-grammar.cpp`).
 * - `ebnf`: xgrammar's EBNF (`docs/defining_structures/ebnf_grammar.md`).
 */
export type GrammarDialect = 'gbnf' | 'ebnf';

/**
 * The largest repetition bound printed as is. llama.cpp refuses `{m,...}` with m > 2000, turns
 * `{...,n}` with n > 2000 into "unbounded" (`MAX_REPETITION_THRESHOLD`, `src/llama-grammar.cpp`), and
 * refuses a repeated group whose symbol count times the bound reaches 2000; bigger bounds are split
 * into chunks of this size over a one-symbol rule.
 */
export const MAX_PRINTED_REPETITION = 1000;

/** Items with a repetition bound above this are moved into their own rule first (one symbol). */
const HOIST_REPETITION = 16;

/**
 * Prints `grammar` in `dialect`, one `name ::= body` line per rule, `root` first.
 *
 * Both dialects get the portable subset of grammars.md §2: rule names `[a-z][a-z0-9-]*`, `""` for
 * the empty string (xgrammar has no empty alternative), no `.` / `[^]`, no token syntax, no left
 * recursion (the trees toolwire builds never start a rule with itself), and every repetition bound
 * at most `MAX_PRINTED_REPETITION`: larger ones are split exactly and without ambiguity
 * (`x{2500}` = `x{1000} x{1000} x{500}`, see `optionalRun` for upper bounds).
 * A rule that matches nothing (the `false` schema) is printed as a rule that never terminates
 * (`never ::= "\u0000" never`): llama.cpp reads an empty class `[]` as the empty string.
 * Code points outside printable ASCII are escaped as `\uHHHH` / `\UHHHHHHHH` (fixed width: xgrammar
 * reads `\x` greedily, `"\x410"` is not `A0`), so the text is ASCII. Deterministic: same grammar, same bytes.
 */
export function printGrammar(grammar: Grammar, dialect: GrammarDialect): string {
  const printer = new Printer(grammar, dialect);
  return printer.print();
}

class Printer {
  private readonly lines: string[] = [];
  private readonly extra = new Map<string, string>();
  /** Names the printer added (`rep`, `never`); the grammar's own are looked up in its map. */
  private readonly added = new Set<string>();
  private neverRule: string | undefined;
  /** How many times a `rep` or `never` rule was named so far (see `body`). */
  private ownRules = 0;
  /** Per base, the next suffix to try (names are only added here, so the search never goes back). */
  private readonly nextSuffix = new Map<string, number>();

  constructor(
    private readonly grammar: Grammar,
    readonly dialect: GrammarDialect,
  ) {}

  print(): string {
    const { root, rules } = this.grammar;
    const rootBody = rules.get(root);
    if (rootBody !== undefined) this.lines.push(`${root} ::= ${this.body(rootBody)}`);
    for (const [name, body] of rules) if (name !== root) this.lines.push(`${name} ::= ${this.body(body)}`);
    for (const [body, name] of this.extra) this.lines.push(`${name} ::= ${body}`);
    return `${this.lines.join('\n')}\n`;
  }

  /**
   * A rule body's text; a shared body's text is kept when its printing named no rule of this
   * printer's own (`rep`, `never`), so it reads the same in every grammar.
   */
  private body(body: GrammarNode): string {
    const kept = printedText(body);
    if (kept !== undefined) return kept;
    const before = this.ownRules;
    const text = this.node(body, 0);
    if (this.ownRules === before) keepPrintedText(body, text);
    return text;
  }

  /** `level`: 0 = top of a rule body, 1 = inside a sequence, 2 = operand of a repetition. */
  private node(node: GrammarNode, level: number): string {
    if (isNever(node)) return this.never();
    switch (node.kind) {
      case 'literal': {
        const text = quote(node.text);
        return level === 2 && !isOneCodePoint(node.text) ? `(${text})` : text;
      }
      case 'chars':
        return charClass(node.ranges);
      case 'ref':
        return node.name;
      case 'sequence': {
        let text = node.items.length === 0 ? '' : this.node(node.items[0] as GrammarNode, 1);
        for (let i = 1; i < node.items.length; i++) text += ` ${this.node(node.items[i] as GrammarNode, 1)}`;
        return level === 0 ? text : `(${text})`;
      }
      case 'alternatives': {
        let text = this.node(node.options[0] as GrammarNode, 0);
        for (let i = 1; i < node.options.length; i++)
          text += ` | ${this.node(node.options[i] as GrammarNode, 0)}`;
        return level === 0 ? text : `(${text})`;
      }
      case 'repeat': {
        const text = this.repeat(node.item, node.min, node.max, level);
        return level === 2 ? `(${text})` : text;
      }
    }
  }

  private repeat(item: GrammarNode, min: number, max: number | undefined, level: number): string {
    const big = Math.max(min, max ?? 0) > HOIST_REPETITION;
    let operand = big && !isSymbol(item) ? this.hoist(item) : this.node(item, 2);
    // llama.cpp refuses a repeated group whose own generated rules times the bound reach
    // MAX_REPETITION_THRESHOLD: `(x{0,999} | x{1000} x{0,999})?` fails although `?` repeats once.
    // Without a `{` each generated rule takes a character of the text: short operands need no count.
    const copies = Math.max(max ?? min, 1);
    const counted = operand.length * copies >= GROUP_RULE_LIMIT || operand.includes('{');
    if (!big && !isSymbol(item) && counted && generatedRules(operand) * copies >= GROUP_RULE_LIMIT)
      operand = this.hoist(item);
    const parts: string[] = [];
    if (max !== undefined && max <= MAX_PRINTED_REPETITION) parts.push(bound(operand, min, max));
    else {
      let low = min;
      while (low > MAX_PRINTED_REPETITION) {
        parts.push(`${operand}{${MAX_PRINTED_REPETITION}}`);
        low -= MAX_PRINTED_REPETITION;
      }
      if (max === undefined)
        parts.push(low === 0 ? `${operand}*` : low === 1 ? `${operand}+` : `${operand}{${low},}`);
      else {
        if (low > 0) parts.push(bound(operand, low, low));
        parts.push(optionalRun(operand, max - min));
      }
    }
    const text = parts.join(' ');
    return parts.length > 1 && level !== 0 ? `(${text})` : text;
  }

  /** A fresh rule holding `item`, so a large repetition repeats one symbol. */
  private hoist(item: GrammarNode): string {
    this.ownRules++;
    const body = this.node(item, 0);
    const existing = this.extra.get(body);
    if (existing !== undefined) return existing;
    const name = this.fresh('rep');
    this.extra.set(body, name);
    return name;
  }

  private never(): string {
    this.ownRules++;
    if (this.neverRule === undefined) {
      this.neverRule = this.fresh('never');
      this.extra.set(`"\\u0000" ${this.neverRule}`, this.neverRule);
    }
    return this.neverRule;
  }

  private fresh(base: string): string {
    let name = base;
    let index = this.nextSuffix.get(base) ?? 2;
    while (this.grammar.rules.has(name) || this.added.has(name)) name = `${base}-${index++}`;
    this.nextSuffix.set(base, index);
    this.added.add(name);
    return name;
  }
}

/** Below llama.cpp's `MAX_REPETITION_THRESHOLD` (2000), with room for the rules around. */
const GROUP_RULE_LIMIT = 1000;

/**
 * How many rules llama.cpp's parser generates while reading `text` (`parse_sequence`,
 * `src/llama-grammar.cpp`): one per parenthesized group, `n - m` per `{m,n}`, one per `*`, `+`, `?`
 * and `{m,}`, none for `{m}`.
 */
function generatedRules(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === '[') {
      const close = c === '"' ? '"' : ']';
      for (i++; i < text.length && text[i] !== close; i++) if (text[i] === '\\') i++;
    } else if (c === '(' || c === '*' || c === '+' || c === '?') count++;
    else if (c === '{') {
      const end = text.indexOf('}', i);
      const [low, high] = text.slice(i + 1, end).split(',');
      if (high !== undefined) count += high === '' ? 1 : Number(high) - Number(low);
      i = end;
    }
  }
  return count;
}

/** A node printed as one symbol (no parentheses needed, cheap to repeat). */
function isSymbol(node: GrammarNode): boolean {
  return (
    node.kind === 'ref' || node.kind === 'chars' || (node.kind === 'literal' && isOneCodePoint(node.text))
  );
}

/** True when `text` is exactly one code point (one UTF-16 unit or one surrogate pair). */
function isOneCodePoint(text: string): boolean {
  return text.length === 1 || (text.length === 2 && (text.codePointAt(0) as number) > 0xffff);
}

/**
 * Up to `count` copies, split without ambiguity (`x{0,999} | x{1000} (...)`): `x{0,a} x{0,b}` would
 * accept the same texts, but an engine then tracks every way to share the copies between the two
 * (llama.cpp keeps one stack per way, quadratic in the length).
 */
function optionalRun(operand: string, count: number): string {
  if (count <= MAX_PRINTED_REPETITION) return bound(operand, 0, count);
  const full = `${operand}{${MAX_PRINTED_REPETITION}}`;
  return `(${bound(operand, 0, MAX_PRINTED_REPETITION - 1)} | ${full} ${optionalRun(operand, count - MAX_PRINTED_REPETITION)})`;
}

function bound(operand: string, min: number, max: number): string {
  if (min === max) return min === 1 ? operand : `${operand}{${min}}`;
  if (min === 0 && max === 1) return `${operand}?`;
  return `${operand}{${min},${max}}`;
}

/** A double-quoted literal with GBNF/EBNF escapes. */
export function quote(text: string): string {
  // Most literals (keys, enum values, punctuation) are printable ASCII with nothing to escape.
  if (PLAIN_TEXT.test(text)) return `"${text}"`;
  let out = '"';
  for (const character of text) {
    const code = character.codePointAt(0) as number;
    if (character === '"') out += '\\"';
    else if (character === '\\') out += '\\\\';
    else out += escapeCodePoint(code);
  }
  return `${out}"`;
}

const PLAIN_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * A character class: `[^...]` when the complement is only ASCII, else `[...]`. xgrammar 0.1.27
 * (web-xgrammar) matches no non-ASCII code point through a positive range (`[\u00e0-\u00ff]`
 * rejects `é`) and clamps a negated class's non-ASCII members to 127, so the common classes
 * ("anything but `\"`, `\\` and controls") must be printed negated.
 */
export function charClass(ranges: readonly CodePointRange[]): string {
  const normal = charRanges(ranges);
  const last = normal[normal.length - 1];
  if (normal.length === 1 && last?.[0] === 0 && last[1] === MAX_CODE_POINT) return '[\\u0000-\\U0010FFFF]';
  // The complement is only ASCII when the last range runs from ASCII (or just past it) to the end.
  const negate = last !== undefined && last[1] === MAX_CODE_POINT && last[0] <= 0x80;
  const shown = negate ? complementRanges(normal) : normal;
  let body = '';
  for (const [from, to] of shown) {
    body += classChar(from);
    if (to > from) body += to === from + 1 ? classChar(to) : `-${classChar(to)}`;
  }
  return negate ? `[^${body}]` : `[${body}]`;
}

/** llama.cpp reads only the escapes `\x \u \U \t \r \n \\ \" \[ \]`, so `^` and `-` are written
 * as `\u` escapes. */
function classChar(code: number): string {
  if (code < 0x80) return ASCII_CLASS_CHARS[code] as string;
  return escapeCodePoint(code);
}

const ASCII_CLASS_CHARS = Array.from({ length: 0x80 }, (_, code) => {
  const character = String.fromCharCode(code);
  if ('[]\\"'.includes(character)) return `\\${character}`;
  if (character === '^' || character === '-') return `\\u${hex(code, 4)}`;
  return escapeCodePoint(code);
});

function escapeCodePoint(code: number): string {
  if (code === 0x0a) return '\\n';
  if (code === 0x0d) return '\\r';
  if (code === 0x09) return '\\t';
  if (code >= 0x20 && code < 0x7f) return String.fromCharCode(code);
  if (code < 0x10000) return `\\u${hex(code, 4)}`;
  return `\\U${hex(code, 8)}`;
}

function hex(code: number, width: number): string {
  return code.toString(16).toUpperCase().padStart(width, '0');
}
