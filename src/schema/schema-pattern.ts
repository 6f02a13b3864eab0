import type { RE2JS } from 're2js';
import { isBacktrackFreeTree } from './backtrack-free-pattern.js';
import { patternEngine } from './pattern-engine.js';
import type {
  BackreferenceNode,
  BoundaryNode,
  CharNode,
  ClassItem,
  EscapeSetNode,
  GroupKind,
  PatternNode,
  PropertyNode,
} from './pattern-node.js';
import { type PatternTree, readPattern, UnsupportedPattern as Unsupported } from './pattern-reader.js';

/**
 * A JSON Schema `pattern` made ready to test model strings in time linear in the string:
 * `{ ok: true, test }` runs it on the RE2 engine (`re2js`, no backtracking), or on the native engine
 * when `isBacktrackFree` proves that linear too (RE2 in JavaScript costs several times more per
 * string: the nested `$ref` align benchmark ran at a third of its speed), `{ ok: false, reason }`
 * says why it cannot be run (then it is never run at all: a backtracking engine on untrusted text is
 * how `^(a+)+$` took 49 s on 31 characters, issue 15).
 */
export type SchemaPattern =
  | {
      readonly ok: true;
      readonly test: (value: string) => boolean;
      /**
       * The native expression, for a pattern proven free of backtracking: what `test` runs first
       * (RE2 answering where it throws). Generated code calls it directly.
       */
      readonly native?: RegExp;
    }
  | { readonly ok: false; readonly reason: string };

/** ECMAScript `\s` (WhiteSpace and LineTerminator, ECMA-262 §22.2.2.9) as RE2 class ranges. */
const SPACE =
  '\\x{9}-\\x{D}\\x{20}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
/** The complement of `SPACE`, as ranges (usable inside a class, where `[^...]` cannot nest). */
const NOT_SPACE =
  '\\x{0}-\\x{8}\\x{E}-\\x{1F}\\x{21}-\\x{9F}\\x{A1}-\\x{167F}\\x{1681}-\\x{1FFF}\\x{200B}-\\x{2027}' +
  '\\x{202A}-\\x{202E}\\x{2030}-\\x{205E}\\x{2060}-\\x{2FFF}\\x{3001}-\\x{FEFE}\\x{FF00}-\\x{10FFFF}';
/** ECMAScript `.` without the `s` flag: anything but a line terminator. */
const DOT = '[^\\n\\r\\x{2028}\\x{2029}]';

/**
 * Compiles a JSON Schema `pattern` (an ECMA-262 regular expression, read with the `u` flag as JSON
 * Schema validators in JavaScript do; not anchored, 2020-12 validation §6.3.3) for `re2js`.
 *
 * The ECMAScript syntax is translated to RE2's so that each construct keeps its ECMAScript meaning:
 * `.` excludes `\r` and U+2028/2029 too, `\s` / `\S` are the ECMAScript white-space sets (RE2's are
 * ASCII), `\uHHHH` (surrogate pairs joined), `\u{H...}`, `\xHH`, `\cX`, `\0` become `\x{...}`, `\b` in
 * a class is a backspace, `(?<name>` groups and `\p{Script=Greek}` / `\p{gc=L}` are written the RE2
 * way. `\d \w \b \B`, classes, anchors, groups, alternation and (lazy) quantifiers mean the same in
 * both. `{ ok: false, reason }` for a pattern that is not a valid `u`-mode ECMAScript regular
 * expression, and for what RE2 cannot run in linear time: lookahead and lookbehind, backreferences
 * (`\1`, `\k<name>`), and anything RE2 rejects (repeat counts above 1000, unknown property names);
 * also for every valid pattern while the RE2 engine cannot be loaded (see `patternEngine`: where
 * `require` is missing, until `loadPatternEngine()` has loaded it).
 * Compiling costs time linear in the pattern; never throws.
 */
export function compileSchemaPattern(source: string): SchemaPattern {
  const read = readPattern(source, (tree) => ({ text: translate(tree), tree }));
  if (!read.ok) return read;
  const engine = patternEngine();
  if (engine === undefined)
    return { ok: false, reason: 'the RE2 engine is not loaded: call `await loadPatternEngine()` first' };
  try {
    const compiled = engine.compile(read.value.text);
    if (isBacktrackFreeTree(read.value.tree)) {
      // Compiled by RE2 all the same: what RE2 rejects stays unsupported whichever engine runs it.
      const native = new RegExp(source, 'u');
      return { ok: true, test: (value) => nativeOrRe2(native, compiled, value), native };
    }
    return { ok: true, test: (value) => compiled.test(value) };
  } catch (error) {
    return { ok: false, reason: `RE2 cannot run it: ${(error as Error).message}` };
  }
}

/**
 * The native engine's answer, or RE2's where the native engine throws: V8 keeps one backtrack entry
 * per round of a loop and throws a `RangeError` past a few million rounds (found by review:
 * `^(a|b)*c` on `'ab'` x 3.5M + `'!'`, 7 MB), where RE2 answers without a stack.
 */
function nativeOrRe2(native: RegExp, compiled: RE2JS, value: string): boolean {
  try {
    return native.test(value);
  } catch {
    return compiled.test(value);
  }
}

/** Writes a pattern's tree (of a valid pattern) in RE2 syntax, without recursion (any depth). */
function translate(tree: PatternTree): string {
  let out = '';
  const pending: (PatternNode | string)[] = [tree.root];
  while (pending.length > 0) {
    const next = pending.pop() as PatternNode | string;
    if (typeof next === 'string') {
      out += next;
      continue;
    }
    switch (next.kind) {
      case 'alternation':
        for (let index = next.branches.length - 1; index >= 0; index--) {
          pending.push(next.branches[index] as PatternNode);
          if (index > 0) pending.push('|');
        }
        break;
      case 'sequence':
        for (let index = next.items.length - 1; index >= 0; index--)
          pending.push(next.items[index] as PatternNode);
        break;
      case 'group':
        out += groupOpening(next.group, next.name);
        if (next.closed) pending.push(')');
        pending.push(next.body);
        break;
      case 'quantifier':
        pending.push(next.text, next.body);
        break;
      case 'class':
        out += characterClass(next.negated, next.items);
        break;
      case 'start':
        out += '^';
        break;
      case 'end':
        out += '$';
        break;
      case 'dot':
        out += DOT;
        break;
      default:
        out += escapeText(next, false);
    }
  }
  return out;
}

function groupOpening(group: GroupKind, name: string): string {
  switch (group) {
    case 'capture':
      return '(';
    case 'noncapture':
      return '(?:';
    case 'named':
      return `(?P<${name}>`;
    case 'other':
      throw new Unsupported(`the group syntax (?${name}`);
    default:
      throw new Unsupported('lookaround assertions');
  }
}

function characterClass(negated: boolean, items: readonly ClassItem[]): string {
  // `[]` matches nothing, `[^]` any character.
  if (items.length === 0) return negated ? '[\\x{0}-\\x{10FFFF}]' : '[^\\x{0}-\\x{10FFFF}]';
  let out = negated ? '[^' : '[';
  for (const item of items) {
    out += item.kind === 'range' ? `${classAtom(item.from)}-${classAtom(item.to)}` : classAtom(item);
  }
  return `${out}]`;
}

function classAtom(item: ClassItem): string {
  if (item.kind === 'char' && item.form === 'plain' && item.code === 0x5b) return '\\[';
  return item.kind === 'range' ? '' : escapeText(item, true);
}

/** The RE2 text of a code point or an escape. */
function escapeText(
  node: CharNode | EscapeSetNode | PropertyNode | BoundaryNode | BackreferenceNode,
  inClass: boolean,
): string {
  switch (node.kind) {
    case 'char':
      if (node.form === 'plain') return String.fromCodePoint(node.code);
      if (node.form === 'code') return codePoint(node.code);
      if (node.code === 0x2f) return '/';
      return `\\${CONTROL_LETTER[node.code] ?? String.fromCodePoint(node.code)}`;
    case 'escape-set':
      if (node.set === 'space') {
        if (inClass) return node.negated ? NOT_SPACE : SPACE;
        return node.negated ? `[^${SPACE}]` : `[${SPACE}]`;
      }
      return `\\${node.negated ? LETTER[node.set].toUpperCase() : LETTER[node.set]}`;
    case 'boundary':
      return node.negated ? '\\B' : '\\b';
    case 'property': {
      const letter = node.negated ? 'P' : 'p';
      const [key, value] = node.body.includes('=') ? node.body.split('=') : [undefined, node.body];
      if (key !== undefined && !['Script', 'sc', 'General_Category', 'gc'].includes(key)) {
        throw new Unsupported(`the property escape \\${letter}{${node.body}}`);
      }
      return `\\${letter}{${value}}`;
    }
    case 'backreference':
      throw new Unsupported('backreferences');
  }
}

const LETTER = { digit: 'd', word: 'w', space: 's' } as const;
const CONTROL_LETTER: Readonly<Record<number, string>> = { 9: 't', 10: 'n', 11: 'v', 12: 'f', 13: 'r' };

function codePoint(code: number): string {
  return `\\x{${code.toString(16).toUpperCase()}}`;
}
