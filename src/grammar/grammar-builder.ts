import { ToolwireError } from '../errors/toolwire-error.js';
import { type GrammarNode, NodeTable, ref, someReference } from './grammar-node.js';
import { isStable, stableReferences } from './stable-nodes.js';

/**
 * A finished grammar: named rules (insertion order, `root` first when printed) and the name of the
 * start rule. Print it with `printGrammar(grammar, dialect)`.
 */
export interface Grammar {
  readonly root: string;
  readonly rules: ReadonlyMap<string, GrammarNode>;
}

const PORTABLE_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * A rule name both dialects accept: `[a-z][a-z0-9-]*` (grammars.md §2, the portable subset). The
 * hint's letters and digits (lowercased), each run of anything else one `-`, none at either end;
 * `r` when nothing is left, `r-` before a leading digit.
 */
export function ruleName(hint: string): string {
  if (PORTABLE_NAME.test(hint)) return hint;
  const lower = hint.toLowerCase();
  let name = '';
  let separated = false;
  // One pass over the code units (the schema's keys make the hints: a pass per regular expression
  // over each of 10,000 keys shows in a profile).
  for (let i = 0; i < lower.length; i++) {
    const code = lower.charCodeAt(i);
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39)) {
      if (separated && name !== '') name += '-';
      separated = false;
      name += lower[i];
    } else separated = true;
  }
  if (name === '') return 'r';
  const first = name.charCodeAt(0);
  return first >= 0x61 ? name : `r-${name}`;
}

/**
 * Collects the named rules of one grammar.
 *
 * - `rule(hint, body)` adds a rule and returns a reference to it. Names are made portable
 *   (`ruleName`) and unique (`-2`, `-3`, ... on a clash); a body equal to one already added (same
 *   structure, see `nodesEqual`) returns the existing rule instead of a copy, so shared pieces (a
 *   string, a number, the whitespace rule) are emitted once.
 * - `reserve(hint)` takes a name before its body exists, for recursion: references to it may be used
 *   inside the body, given later with `define(name, body)`. Reserved rules are never deduped.
 * - `build(rootBody)` adds `root` and returns the `Grammar`. `root` is reserved from the start.
 *
 * Throws `ToolwireError` `invalid_argument` when a reserved rule is never defined, or defined twice.
 */
export class GrammarBuilder {
  private readonly rules = new Map<string, GrammarNode | undefined>([['root', undefined]]);
  private readonly byBody = new NodeTable<string>();
  /** Per name base, the lowest suffix that may still be free (so a thousand `-rest` rules stay linear). */
  private readonly nextSuffix = new Map<string, number>();

  /** The number of rules so far (for size budgets). */
  get size(): number {
    return this.rules.size;
  }

  /** Adds a rule for `body` (or finds the equal one) and returns a reference to it. */
  rule(hint: string, body: GrammarNode): GrammarNode {
    if (body.kind === 'ref') return body;
    const existing = this.byBody.get(body);
    if (existing !== undefined) return ref(existing);
    const name = this.freshName(hint);
    this.rules.set(name, body);
    this.byBody.set(body, name);
    return ref(name);
  }

  /** Reserves a unique rule name for a body given later with `define`. */
  reserve(hint: string): string {
    const name = this.freshName(hint);
    this.rules.set(name, undefined);
    return name;
  }

  /** Gives the body of a reserved rule. */
  define(name: string, body: GrammarNode): void {
    if (!this.rules.has(name) || this.rules.get(name) !== undefined) {
      throw new ToolwireError(
        'invalid_argument',
        `grammar rule "${name}" is not reserved or already defined`,
      );
    }
    this.rules.set(name, body);
  }

  /** Gives up a reserved name whose body was never defined (it may then be taken again). */
  release(name: string): void {
    if (this.rules.has(name) && this.rules.get(name) === undefined && name !== 'root') {
      this.rules.delete(name);
      // A freed `base-N` may be taken again by the next `base` rule, as the lowest free name.
      const dash = name.lastIndexOf('-');
      const index = dash > 0 ? Number(name.slice(dash + 1)) : Number.NaN;
      const base = name.slice(0, dash);
      if (Number.isInteger(index) && index >= 2 && index < (this.nextSuffix.get(base) ?? 2))
        this.nextSuffix.set(base, index);
    }
  }

  /** The body of a rule added so far (`undefined` while only reserved). */
  body(name: string): GrammarNode | undefined {
    return this.rules.get(name);
  }

  /**
   * Removes the rule `name` and returns its body, when no other rule refers to it (`root` is not
   * built yet): its one use may then hold the body itself. `undefined`, changing nothing, when another
   * rule refers to it or it has no body.
   */
  takeUnreferenced(name: string): GrammarNode | undefined {
    const body = this.rules.get(name);
    if (body === undefined || name === 'root') return undefined;
    for (const [other, rule] of this.rules)
      if (other !== name && rule !== undefined && refersTo(rule, name)) return undefined;
    this.rules.delete(name);
    this.byBody.delete(body);
    return body;
  }

  /** True when `name` is already taken. */
  has(name: string): boolean {
    return this.rules.has(name);
  }

  /** Finishes the grammar with `rootBody` as the `root` rule. */
  build(rootBody: GrammarNode): Grammar {
    this.rules.set('root', rootBody);
    const rules = new Map<string, GrammarNode>();
    for (const [name, body] of this.rules) {
      if (body === undefined) {
        throw new ToolwireError('invalid_argument', `grammar rule "${name}" was reserved but never defined`);
      }
      rules.set(name, body);
    }
    return { root: 'root', rules };
  }

  private freshName(hint: string): string {
    const base = ruleName(hint);
    if (!this.rules.has(base)) return base;
    let index = this.nextSuffix.get(base) ?? 2;
    while (this.rules.has(`${base}-${index}`)) index++;
    this.nextSuffix.set(base, index + 1);
    return `${base}-${index}`;
  }
}

/** Whether `node` holds a reference to the rule `name`. */
function refersTo(node: GrammarNode, name: string): boolean {
  // A shared body (`value`, `string`, …) is in most grammars: its references are listed once.
  if (isStable(node)) return stableReferences(node).has(name);
  return someReference(node, (other) => other === name);
}
