import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { alignValue } from '../../src/schema/align-value.js';
import { matchesLiteral } from '../../src/schema/index.js';
import { SchemaRoot } from '../../src/schema/schema-root.js';
import { defineTool, dispatch } from '../../src/tools/index.js';

interface Case {
  readonly name: string;
  readonly schema: { readonly [keyword: string]: unknown };
  readonly value: unknown;
  readonly member: boolean;
  readonly dispatch: 'as-is' | 'coerced' | 'error';
  readonly to?: unknown;
}

const cases: readonly Case[] = JSON.parse(
  readFileSync(new URL('./membership.json', import.meta.url), 'utf8'),
).cases;

/** The literal values a schema allows, as alignment splits it. */
function literals(schema: Case['schema']): unknown[] {
  return new SchemaRoot(schema)
    .options(schema)
    .flatMap((option) => (option.kind === 'literal' ? [option.value] : []));
}

describe('one membership function answers alignment and dispatch (membership.json)', () => {
  it.each(cases)('$name', async (entry) => {
    const member = literals(entry.schema).some((literal) => matchesLiteral(entry.value, literal));
    expect(member).toBe(entry.member);

    // "does it fit": alignment gives the value back untouched exactly for members
    const aligned = alignValue(entry.value, entry.schema);
    const untouched =
      aligned.value === entry.value && aligned.flags.length === 0 && aligned.issues.length === 0;
    expect(untouched).toBe(entry.member);

    // "dispatch it": the handler gets the member as is, a coerced value that is a member, or never runs
    const inputs: unknown[] = [];
    const tool = defineTool({
      name: 'pick',
      parameters: { type: 'object', properties: { x: entry.schema }, required: ['x'] },
      execute: (input) => {
        inputs.push(input.x);
        return 'ran';
      },
    });
    const outcome = await dispatch([tool], { id: 'c', name: 'pick', arguments: { x: entry.value } });
    const observed = outcome.isError ? 'error' : outcome.flags.length === 0 ? 'as-is' : 'coerced';
    expect(observed).toBe(entry.dispatch);
    if (entry.dispatch === 'as-is') expect(inputs).toEqual([entry.value]);
    if (entry.dispatch === 'as-is' && typeof entry.value === 'object') expect(inputs[0]).toBe(entry.value);
    if (entry.dispatch === 'coerced') {
      expect(inputs).toEqual([entry.to]);
      expect(literals(entry.schema).some((literal) => matchesLiteral(inputs[0], literal))).toBe(true);
    }
    if (entry.dispatch === 'error') {
      expect(inputs).toEqual([]);
      expect(outcome.error?.code).toBe('invalid_arguments');
      expect(outcome.error?.issues.map((issue) => issue.path)).toEqual(['/x']);
    }
  });
});
