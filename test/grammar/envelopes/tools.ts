/**
 * The tools the envelope tests call, and fast-check arbitraries of argument objects valid under their
 * schemas (keys in schema order, optional ones sometimes left out).
 */
import fc from 'fast-check';
import type { ToolDefinition } from '../../../src/types/tool.js';

export const tools: ToolDefinition[] = [
  {
    name: 'get_weather',
    description: 'Current weather',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: 'integer', minimum: 1, maximum: 14 },
        units: { enum: ['metric', 'imperial'] },
        precise: { type: 'boolean' },
      },
      required: ['city'],
      additionalProperties: false,
    },
  },
  {
    name: 'search',
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string' },
        limit: { type: 'number' },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
        filter: {
          type: 'object',
          properties: { lang: { type: 'string' }, safe: { type: ['boolean', 'null'] } },
          required: ['lang'],
          additionalProperties: false,
        },
      },
      required: ['query', 'limit'],
      additionalProperties: false,
    },
  },
];

/** Text of string values: letters, digits, punctuation, quotes, brackets, backslash, non-ASCII. */
const textChar = fc.constantFrom(
  ...'abcxyzABC019 ,.:;!?-_/()[]{}<>=\'"\\@#$%&*+|~`\téü日本🙂'.split(/(?:)/u),
);
/** Non-empty, no whitespace at the edges: the edge cases are the round trip's `edge-strings` check. */
export const text = fc
  .array(textChar, { minLength: 1, maxLength: 12 })
  .map((chars) => chars.join(''))
  .filter((value) => value.trim() === value && value !== '');

const number = fc
  .double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true })
  .map((value) => Math.round(value * 1000) / 1000)
  .map((value) => (Object.is(value, -0) ? 0 : value));

export const argumentsOf: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  get_weather: fc.record(
    {
      city: text,
      days: fc.integer({ min: 1, max: 14 }),
      units: fc.constantFrom('metric', 'imperial'),
      precise: fc.boolean(),
    },
    { requiredKeys: ['city'], noNullPrototype: true },
  ),
  search: fc.record(
    {
      query: text,
      limit: number,
      tags: fc.array(text, { maxLength: 3 }),
      filter: fc.record(
        { lang: text, safe: fc.constantFrom(true, false, null) },
        { requiredKeys: ['lang'], noNullPrototype: true },
      ),
    },
    { requiredKeys: ['query', 'limit'], noNullPrototype: true },
  ),
};

/** One call to one of the tools. */
export const call = fc
  .constantFrom(...tools.map((tool) => tool.name))
  .chain((name) =>
    (argumentsOf[name] as fc.Arbitrary<Record<string, unknown>>).map((args) => ({ name, arguments: args })),
  );

/** Free text before the calls: words and punctuation without markup. */
export const prose = fc
  .array(fc.constantFrom('Let', 'me', 'check', 'the', 'weather', 'ok', '.', ',', '\n'), {
    minLength: 1,
    maxLength: 6,
  })
  .map((words) => `${words.join(' ').trim()}\n`)
  .filter((value) => value.trim() !== '');
