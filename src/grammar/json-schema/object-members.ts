// The members of a JSON object in the schema's order: optional ones may be left out, commas right.

import type { GrammarBuilder } from '../grammar-builder.js';
import { alternatives, type GrammarNode, literal, optional, repeat, sequence } from '../grammar-node.js';

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
 * (`<hint>-rest`), not a copy per optional member before it.
 */
export function schemaOrderMembers(
  members: readonly ObjectMember[],
  extra: GrammarNode,
  ws: GrammarNode,
  builder: GrammarBuilder,
  hint: string,
): GrammarNode {
  const tail = repeat(sequence(literal(','), ws, extra), 0);
  // rest[i]: members from i on when one member is already written (each after a comma).
  // first[i]: members from i on when none is written yet: the first one written takes no comma.
  const firstRequired = members.findIndex((m) => m.required);
  const lastShared = firstRequired === -1 ? members.length : firstRequired;
  let rest: GrammarNode = tail;
  let first: GrammarNode = optional(sequence(extra, tail));
  for (let index = members.length - 1; index >= 0; index--) {
    const member = members[index] as ObjectMember;
    const needsFirst = index <= lastShared;
    const shared =
      needsFirst && !member.required && rest !== tail ? builder.rule(`${hint}-rest`, rest) : rest;
    if (needsFirst) {
      first = member.required
        ? sequence(member.node, shared)
        : alternatives(sequence(member.node, shared), first);
    }
    const step = sequence(literal(','), ws, member.node);
    rest = sequence(member.required ? step : optional(step), shared);
  }
  return first;
}
