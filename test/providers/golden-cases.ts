/**
 * Runs the golden fixture tables of the provider converters (test/providers/<provider>/*.json, our own
 * data shaped after the providers' documented examples; each case names its doc in `source`):
 *
 * - `requests.json` / `responses.json`: `body` reads to exactly `canonical` (and `warnings`), and
 *   `canonical` writes back to exactly `body` (the round trip both ways).
 * - `reads.json`: lenient reads only (`body` → `canonical`, `warnings`; `kind` request or response):
 *   bodies we never write.
 * - `writes.json`: writes only (`canonical` → `body`, `warnings`): canonical input the provider holds
 *   another way.
 * - `losses.json`: canonical → provider → canonical, `expected` the result and `losses` what changed.
 * - `streams.json`: `steps` (each stream event and the exact parse events it gives), `finish`,
 *   `finishReason`, `usage`.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { ProviderConverter, ProviderStreamReader } from '../../src/providers/provider-converter.js';

export interface GoldenCase {
  readonly description: string;
  readonly source: string;
  /** `reads.json`: which reader (default `request`). */
  readonly kind?: 'request' | 'response';
  readonly body?: unknown;
  readonly canonical?: unknown;
  readonly expected?: unknown;
  /** `requests` / `responses`: what `canonical` writes back to when the canonical form cannot hold all of `body` (the fields named in `losses`). */
  readonly roundTrip?: unknown;
  readonly losses?: readonly string[];
  readonly warnings?: readonly unknown[];
  readonly writeWarnings?: readonly unknown[];
  readonly steps?: ReadonlyArray<{ readonly event: unknown; readonly events: readonly unknown[] }>;
  readonly finish?: readonly unknown[];
  readonly finishReason?: unknown;
  readonly usage?: unknown;
}

export function loadCases(provider: string, table: string): GoldenCase[] {
  const url = new URL(`./${provider}/${table}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as GoldenCase[];
}

type AnyConverter = ProviderConverter<unknown, unknown>;

/** JSON text round trip: what a body or canonical value is after `JSON.stringify` (drops `undefined`). */
const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/**
 * `expected` with each `{JSON.parse error}` replaced by the message `JSON.parse` throws for the `raw` of
 * the nearest enclosing object: a strict reader reports the engine's own message, and engines word it
 * differently (Node 24's adds the line and column to Node 20's and 22's).
 */
function withEngineMessages(expected: unknown, raw?: string): unknown {
  if (typeof expected === 'string') {
    if (!expected.includes('{JSON.parse error}')) return expected;
    if (raw === undefined) throw new Error(`no raw text for ${expected}`);
    return expected.replace('{JSON.parse error}', engineMessage(raw));
  }
  if (Array.isArray(expected)) return expected.map((item) => withEngineMessages(item, raw));
  if (expected === null || typeof expected !== 'object') return expected;
  const own = (expected as { raw?: unknown }).raw;
  const inner = typeof own === 'string' ? own : raw;
  return Object.fromEntries(
    Object.entries(expected).map(([key, item]) => [key, withEngineMessages(item, inner)]),
  );
}

function engineMessage(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${text} is valid JSON`);
}

export function goldenTests(provider: string, converter: object): void {
  const c = converter as unknown as AnyConverter;
  for (const kind of ['requests', 'responses'] as const) {
    const read = kind === 'requests' ? c.fromRequest : c.fromResponse;
    const write = kind === 'requests' ? c.toRequest : c.toResponse;
    for (const testCase of loadCases(provider, kind)) {
      it(`${kind}: ${testCase.description} (reads to canonical)`, () => {
        const result = read(testCase.body);
        expect(json(result.value)).toEqual(testCase.canonical);
        expect(result.warnings).toEqual(testCase.warnings ?? []);
      });
      const back =
        testCase.roundTrip === undefined ? 'the same JSON' : `all but: ${(testCase.losses ?? []).join('; ')}`;
      it(`${kind}: ${testCase.description} (writes back ${back})`, () => {
        const result = write(testCase.canonical as never);
        expect(json(result.value)).toEqual(testCase.roundTrip ?? testCase.body);
        expect(result.warnings).toEqual(testCase.writeWarnings ?? []);
      });
    }
  }
  for (const testCase of loadCases(provider, 'reads')) {
    it(`reads: ${testCase.description}`, () => {
      const result =
        testCase.kind === 'response' ? c.fromResponse(testCase.body) : c.fromRequest(testCase.body);
      expect(json(result.value)).toEqual(withEngineMessages(testCase.canonical));
      expect(result.warnings).toEqual(testCase.warnings ?? []);
    });
  }
  for (const testCase of loadCases(provider, 'writes')) {
    it(`writes: ${testCase.description}`, () => {
      const result = c.toRequest(testCase.canonical as never);
      expect(json(result.value)).toEqual(testCase.body);
      expect(result.warnings).toEqual(testCase.warnings ?? []);
    });
  }
  for (const testCase of loadCases(provider, 'losses')) {
    it(`losses: ${testCase.description} (${(testCase.losses ?? []).join('; ')})`, () => {
      const written = c.toRequest(testCase.canonical as never);
      const back = c.fromRequest(json(written.value));
      expect(json(back.value)).toEqual(testCase.expected ?? testCase.canonical);
    });
  }
  for (const testCase of loadCases(provider, 'streams')) {
    const steps = testCase.steps ?? [];
    it(`streams: ${testCase.description} (one event at a time)`, () => {
      const reader = c.createStreamReader();
      for (const step of steps) expect(reader.push(step.event)).toEqual(step.events);
      expect(reader.finish()).toEqual(testCase.finish ?? []);
      expectEnd(reader, testCase);
    });
    it(`streams: ${testCase.description} (whole stream)`, () => {
      const reader = c.createStreamReader();
      const events = [...steps.flatMap((step) => reader.push(step.event)), ...reader.finish()];
      expect(events).toEqual([...steps.flatMap((step) => step.events), ...(testCase.finish ?? [])]);
      expectEnd(reader, testCase);
    });
  }
}

function expectEnd(reader: ProviderStreamReader, testCase: GoldenCase): void {
  expect(reader.finishReason).toEqual(testCase.finishReason);
  expect((reader as { usage?: unknown }).usage).toEqual(testCase.usage);
}
