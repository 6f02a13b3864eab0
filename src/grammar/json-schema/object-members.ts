// The members of a JSON object in the schema's order: optional ones may be left out, commas right.

import type { GrammarBuilder } from '../grammar-builder.js';
import {
  alternativesOf,
  type GrammarNode,
  literal,
  optional,
  repeat,
  sequence,
  sequenceOf,
} from '../grammar-node.js';

/** One declared property: `node` is its whole member (key, colon, value, trailing whitespace). */
export interface ObjectMember {
  readonly name: string;
  readonly node: GrammarNode;
  readonly required: boolean;
}

/**
 * What goes between `{ ws` and `}`: the declared `members` in order (each optional one may be left
 * out), then any number of `extra` members (additional properties; `NEVER` when none are allowed),
 * each after the first preceded by `, ws`. Linear in the members: a shared tail is one rule
 * (`<hint>-rest`), not a copy per optional member before it, and the pieces of a run of members are
 * collected in lists and joined once (joining them one member at a time copies the run each time).
 */
export function schemaOrderMembers(
  members: readonly ObjectMember[],
  extra: GrammarNode,
  ws: GrammarNode,
  builder: GrammarBuilder,
  hint: string,
): GrammarNode {
  const tail = repeat(sequence(literal(','), ws, extra), 0);
  // rest[i]: members from i on when one member is already written (each after a comma), held as
  // its pieces in reverse order. first[i]: members from i on when none is written yet (the first
  // one written takes no comma), held as its alternatives in reverse order.
  const firstRequired = members.findIndex((m) => m.required);
  const lastShared = firstRequired === -1 ? members.length : firstRequired;
  let rest: GrammarNode[] = [tail];
  let first: GrammarNode[] = [optional(sequence(extra, tail))];
  const joined = (pieces: GrammarNode[]): GrammarNode => sequenceOf(pieces.slice().reverse());
  for (let index = members.length - 1; index >= 0; index--) {
    const member = members[index] as ObjectMember;
    const needsFirst = index <= lastShared;
    if (needsFirst && !member.required && rest.length > 1)
      rest = [builder.rule(`${hint}-rest`, joined(rest))];
    if (needsFirst) {
      const written = sequence(member.node, joined(rest));
      if (member.required) first = [written];
      else first.push(written);
    }
    const step = sequence(literal(','), ws, member.node);
    rest.push(member.required ? step : optional(step));
  }
  return alternativesOf(first.reverse());
}
