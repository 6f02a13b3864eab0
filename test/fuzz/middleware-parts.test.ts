/**
 * The short run of the middleware property (`properties/middleware-parts.ts`): `toolCallMiddleware`
 * under hostile upstream parts (text blocks with any ids, markup cut anywhere, native and
 * provider-executed calls, parts after `finish`, several `finish`es, errors) never throws, loses no
 * text and keeps its call ids unique. The long run is `npm run fuzz -- --suite middleware`
 * (docs/reliability.md).
 */
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { finish, middlewareParts, middlewareViolations } from './properties/middleware-parts.js';

describe('toolCallMiddleware under hostile upstream parts (property)', () => {
  it('holds for 300 generated upstreams (seed 26)', async () => {
    await fc.assert(
      fc.asyncProperty(middlewareParts, async (parts) => {
        expect(await middlewareViolations(parts)).toEqual([]);
      }),
      { seed: 26, numRuns: 300 },
    );
  }, 60_000);

  it.each([
    ['text after finish', [finish, { type: 'text-delta', id: '0', delta: 'Hello ' }]],
    ['a text block opened after finish', [finish, { type: 'text-start', id: '0' }]],
    [
      'a native call beside a parsed one of the same id',
      [
        { type: 'tool-call', toolCallId: 'call_0', toolName: 'web_search', input: '{}' },
        {
          type: 'text-delta',
          id: '0',
          delta: '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>',
        },
        finish,
        finish,
      ],
    ],
  ] as [string, LanguageModelV3StreamPart[]][])('holds for %s', async (_name, parts) => {
    expect(await middlewareViolations(parts)).toEqual([]);
  });
});
