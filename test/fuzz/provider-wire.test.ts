/**
 * The short run of the provider pairing property (`properties/provider-wire.ts`): generated histories
 * (provider-executed calls, misplaced results, results before their calls, repeated and malformed ids,
 * missing results) repaired for and converted to every target keep that target's pairing and id rules
 * on the wire. The long run is `npm run fuzz -- --suite providers` (docs/reliability.md).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { providerWireInput, providerWireViolations, wireViolations } from './properties/provider-wire.js';

describe('repairHistory + toRequest: pairing on the wire (property)', () => {
  it('holds for 400 generated histories on every target (seed 26)', () => {
    fc.assert(
      fc.property(providerWireInput, (input) => {
        expect(providerWireViolations(input)).toEqual([]);
      }),
      { seed: 26, numRuns: 400 },
    );
  }, 60_000);

  it('reads broken requests as broken: an unanswered call, an orphan result, a bad id', () => {
    const chat = {
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'tool', tool_call_id: 'x', content: 'early' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'a', function: { name: 'f' } }] },
        { role: 'user', content: 'next' },
      ],
    };
    expect(wireViolations('openai-chat', chat)).toEqual([
      'tool message 1 before its call',
      "tool message 1 not right after its call's message",
      'calls a not answered right after their turn',
      'call a answered 0 times',
      'result x answers no call',
    ]);
    expect(wireViolations('mistral', chat)).toContain('id "a"');
    const anthropic = {
      messages: [
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'a.1', name: 'f' },
            { type: 'tool_use', id: 'b', name: 'web.search' },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'first' },
            { type: 'tool_result', tool_use_id: 'a.1' },
            { type: 'tool_result', tool_use_id: 'a.1' },
          ],
        },
      ],
    };
    expect(wireViolations('anthropic', anthropic)).toEqual([
      'message 1: results after other blocks',
      'call b not answered in the next turn',
      'call a.1 answered 2 times',
      'call b answered 0 times',
      'id "a.1"',
      'id "a.1"',
      'id "a.1"',
      'tool name "web.search"',
    ]);
  });
});
