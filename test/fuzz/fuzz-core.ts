/**
 * The fuzzer's seeds, mutations and properties (issue 15 item 3), shared by the short run in
 * `npm test` (`fuzz.test.ts`) and the long run (`run.ts`). No vitest import.
 *
 * Seeds: every parse-corpus case of a format, the format's `example` and every input of its table in
 * `test/formats/<id>.json`. A fuzzed input is a seed with one to three mutations (fast-check, seeded):
 * code units inserted, deleted or duplicated; a marker inserted at a random point, alone or twice in a
 * row, either one of the format's own or any marker of any format (`markerPool`: starts and ends,
 * reasoning open and close tags, section markers, role headers); a marker of the text duplicated or cut
 * short; quotes swapped; a lone surrogate; line ends turned into CRLF. Each input is parsed whole and in
 * two chunkings (one code unit per chunk, random sizes), and checked for the properties in `violations`,
 * among them that what users call agrees: `parseToolCalls` equals `createToolCallStream`'s collected
 * result, for the format and for `auto`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { FormatDefinition, FormatOptions } from '../../src/formats/format-definition.js';
import { EventCollector, parseToolCalls } from '../../src/formats/index.js';
import { getFormat, listFormats } from '../../src/formats/registry.js';
import { createToolCallStream } from '../../src/stream/index.js';
import type { ParseEvent } from '../../src/types/parse-event.js';
import type { ToolDefinition } from '../../src/types/tool.js';
import type { ParseResult } from '../../src/types/tool-call.js';
import { loadParseCorpus, optionsFor, preparedInput } from '../conformance/parse-corpus.js';
import { runWithSpans, type SpanRun, spanProblems } from '../formats/span-check.js';

/** One seed: a format's output and the options it is parsed with. */
export interface Seed {
  readonly format: string;
  readonly text: string;
  readonly options: FormatOptions;
  /** Where it came from (a corpus id, `example`, `table:<file>#<index>`). */
  readonly origin: string;
}

/** Every seed of every format, in a fixed order (formats by id, then corpus, example, table). */
export function loadSeeds(): Seed[] {
  const seeds: Seed[] = [];
  const formats = [...listFormats()].sort((a, b) => a.id.localeCompare(b.id));
  const corpus = loadParseCorpus() ?? [];
  const tables = new URL('../formats/', import.meta.url);
  const tableFiles = new Set(readdirSync(tables).filter((file) => file.endsWith('.json')));
  for (const format of formats) {
    for (const testCase of corpus) {
      if (testCase.format !== format.id) continue;
      const { content: _content, ...options } = optionsFor(testCase);
      seeds.push({ format: format.id, text: preparedInput(testCase).text, options, origin: testCase.id });
    }
    seeds.push({ format: format.id, text: format.example, options: {}, origin: 'example' });
    const file = `${format.id}.json`;
    if (!tableFiles.has(file)) continue;
    const cases = JSON.parse(readFileSync(new URL(file, tables), 'utf8')) as Array<{
      input: string;
      tools?: readonly ToolDefinition[];
      options?: FormatOptions;
    }>;
    cases.forEach((testCase, index) => {
      const { content: _content, ...options } = testCase.options ?? {};
      seeds.push({
        format: format.id,
        text: testCase.input,
        options: { ...options, ...(testCase.tools ? { tools: testCase.tools } : {}) },
        origin: `table:${file}#${index}`,
      });
    });
  }
  return seeds;
}

/** One mutation; `at` is a fraction of the text length (0..1), so it applies to any text. */
export type Mutation =
  | { readonly kind: 'insert'; readonly at: number; readonly text: string }
  | { readonly kind: 'delete'; readonly at: number; readonly length: number }
  | { readonly kind: 'duplicate'; readonly at: number; readonly length: number }
  | {
      readonly kind: 'marker';
      readonly at: number;
      readonly marker: number;
      /** `own`: one of the format's markers; `any`: one of `markerPool()`. */
      readonly pool: 'own' | 'any';
      /** Inserted once, or twice in a row (a duplicated marker). */
      readonly copies: 1 | 2;
    }
  | {
      readonly kind: 'cut-marker';
      readonly occurrence: number;
      readonly keep: number;
      readonly marker: number;
    }
  | { readonly kind: 'duplicate-marker'; readonly occurrence: number; readonly marker: number }
  | { readonly kind: 'swap-quotes'; readonly at: number }
  | { readonly kind: 'surrogate'; readonly at: number; readonly high: boolean }
  | { readonly kind: 'crlf' };

const fraction = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });
const pick = fc.nat({ max: 1000 });
/** Code units a model's text is made of, and the ones that break parsers. */
const unit = fc.oneof(
  fc.constantFrom('"', "'", '{', '}', '[', ']', ',', ':', '<', '>', '/', '\\', '\n', ' ', '=', '|', '`', 'a'),
  fc.string({ maxLength: 4 }),
  fc.string({ unit: 'binary', maxLength: 3 }),
);

/** The fast-check arbitrary of one mutation. */
export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fraction, text: unit }),
  fc.record({ kind: fc.constant('delete' as const), at: fraction, length: fc.integer({ min: 1, max: 8 }) }),
  fc.record({
    kind: fc.constant('duplicate' as const),
    at: fraction,
    length: fc.integer({ min: 1, max: 24 }),
  }),
  fc.record({
    kind: fc.constant('marker' as const),
    at: fraction,
    marker: pick,
    pool: fc.constantFrom('own' as const, 'any' as const),
    copies: fc.constantFrom(1 as const, 2 as const),
  }),
  fc.record({ kind: fc.constant('cut-marker' as const), occurrence: pick, keep: pick, marker: pick }),
  fc.record({ kind: fc.constant('duplicate-marker' as const), occurrence: pick, marker: pick }),
  fc.record({ kind: fc.constant('swap-quotes' as const), at: fraction }),
  fc.record({ kind: fc.constant('surrogate' as const), at: fraction, high: fc.boolean() }),
  fc.constant({ kind: 'crlf' as const }),
);

/** A mutated text and the first offset where it differs from the seed. */
export interface Mutated {
  readonly text: string;
  readonly point: number;
}

/** Applies `mutations` in order; `point` is where the first change is (the smallest such offset). */
export function mutate(text: string, markers: readonly string[], mutations: readonly Mutation[]): Mutated {
  let point = text.length;
  let current = text;
  for (const mutation of mutations) {
    const { text: next, at } = applyMutation(current, markers, mutation);
    if (next !== current) point = Math.min(point, at);
    current = next;
  }
  return { text: current, point: Math.min(point, firstDifference(text, current)) };
}

function firstDifference(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) if (a.charCodeAt(index) !== b.charCodeAt(index)) return index;
  return length;
}

function applyMutation(
  text: string,
  markers: readonly string[],
  mutation: Mutation,
): { text: string; at: number } {
  const position = (at: number): number => Math.floor(at * (text.length + 1));
  const markerOf = (index: number): string => markers[index % Math.max(1, markers.length)] ?? '<';
  switch (mutation.kind) {
    case 'insert': {
      const at = position(mutation.at);
      return { text: text.slice(0, at) + mutation.text + text.slice(at), at };
    }
    case 'delete': {
      const at = position(mutation.at);
      return { text: text.slice(0, at) + text.slice(at + mutation.length), at };
    }
    case 'duplicate': {
      const at = position(mutation.at);
      const piece = text.slice(at, at + mutation.length);
      return { text: text.slice(0, at) + piece + text.slice(at), at };
    }
    case 'marker': {
      const at = position(mutation.at);
      const pool = mutation.pool === 'any' ? markerPool() : undefined;
      const marker = pool ? (pool[mutation.marker % pool.length] as string) : markerOf(mutation.marker);
      return { text: text.slice(0, at) + marker.repeat(mutation.copies) + text.slice(at), at };
    }
    case 'cut-marker':
    case 'duplicate-marker': {
      const occurrences = markerOccurrences(text, markers);
      if (occurrences.length === 0) return { text, at: text.length };
      const [at, marker] = occurrences[mutation.occurrence % occurrences.length] as [number, string];
      if (mutation.kind === 'duplicate-marker')
        return { text: text.slice(0, at) + marker + text.slice(at), at };
      const keep = mutation.keep % Math.max(1, marker.length);
      return { text: text.slice(0, at + keep) + text.slice(at + marker.length), at: at + keep };
    }
    case 'swap-quotes': {
      const at = position(mutation.at);
      const rest = text.slice(at).replace(/["']/, (quote) => (quote === '"' ? "'" : '"'));
      return { text: text.slice(0, at) + rest, at };
    }
    case 'surrogate': {
      const at = position(mutation.at);
      return { text: text.slice(0, at) + (mutation.high ? '\ud83d' : '\ude00') + text.slice(at), at };
    }
    case 'crlf': {
      const at = text.indexOf('\n');
      return at < 0 ? { text, at: text.length } : { text: text.replace(/\r?\n/g, '\r\n'), at };
    }
  }
}

/**
 * Role headers and reasoning tags that no format lists whole in its `markers` (a header is several
 * markers in a row; Phi-4-mini's `<think>` tags are not among its markers).
 */
const headers: readonly string[] = [
  '<|start|>assistant',
  '<|start|>assistant<|channel|>analysis<|message|>',
  '<|start|>assistant<|channel|>final<|message|>',
  '<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>',
  '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>',
  '<|start|>assistant to=self<|message|>',
  '<|start|>assistant to=user<|message|>',
  '<|im_start|>assistant\n',
  '<|im_end|>',
  '<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>',
  '<|open|>message role="assistant"<|sep|>',
  '<think>',
  '</think>',
];

let pool: readonly string[] | undefined;

/** Every marker of every format (and `headers`), once each, in a fixed order. */
export function markerPool(): readonly string[] {
  if (pool === undefined) {
    const all = new Set<string>();
    for (const format of [...listFormats()].sort((a, b) => a.id.localeCompare(b.id)))
      for (const marker of format.markers) if (marker !== '') all.add(marker);
    for (const header of headers) all.add(header);
    pool = [...all];
  }
  return pool;
}

/** Every `[offset, marker]` of the format's markers in `text`, by offset (capped). */
function markerOccurrences(text: string, markers: readonly string[]): Array<[number, string]> {
  const found: Array<[number, string]> = [];
  for (const marker of markers) {
    if (marker === '') continue;
    for (let at = text.indexOf(marker); at >= 0 && found.length < 256; at = text.indexOf(marker, at + 1))
      found.push([at, marker]);
  }
  return found.sort((a, b) => a[0] - b[0]);
}

/** Cuts `text` into chunks of 1..16 code units from a seed (xorshift32, deterministic). */
export function randomChunks(text: string, seed: number): string[] {
  let state = seed >>> 0 || 0x9e3779b9;
  const chunks: string[] = [];
  for (let start = 0; start < text.length; ) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    const size = 1 + (state % 16);
    chunks.push(text.slice(start, start + size));
    start += size;
  }
  return chunks;
}

/** What one run produced, folded: the parts streaming must agree on. */
interface Folded {
  readonly content: string;
  readonly reasoning: string;
  readonly calls: ReadonlyArray<{
    id: string;
    name: string;
    input: unknown;
    raw: string | undefined;
    deltas: string;
  }>;
  readonly invalid: ReadonlyArray<{ id: string | undefined; name: string | undefined; raw: string }>;
  /** Deltas of calls that never completed, by id. */
  readonly open: ReadonlyArray<string>;
}

function fold(events: readonly ParseEvent[]): Folded {
  let content = '';
  let reasoning = '';
  const deltas = new Map<string, string>();
  const calls: Array<{ id: string; name: string; input: unknown; raw: string | undefined; deltas: string }> =
    [];
  const invalid: Array<{ id: string | undefined; name: string | undefined; raw: string }> = [];
  for (const event of events) {
    if (event.type === 'text-delta') content += event.delta;
    else if (event.type === 'reasoning-delta') reasoning += event.delta;
    else if (event.type === 'tool-input-start') deltas.set(event.id, '');
    else if (event.type === 'tool-input-delta')
      deltas.set(event.id, (deltas.get(event.id) ?? '') + event.delta);
    else if (event.type === 'tool-call') {
      calls.push({
        id: event.id,
        name: event.toolName,
        input: event.input,
        raw: event.raw,
        deltas: deltas.get(event.id) ?? '',
      });
      deltas.delete(event.id);
    } else if (event.type === 'tool-call-invalid') {
      invalid.push({ id: event.id, name: event.toolName, raw: event.raw });
      if (event.id !== undefined) deltas.delete(event.id);
    }
  }
  return { content, reasoning, calls, invalid, open: [...deltas.keys()] };
}

/** One fuzzed input: a format, its options, the text, and where the mutation starts. */
export interface FuzzInput {
  readonly format: string;
  readonly options: FormatOptions;
  readonly text: string;
  /** The unmutated seed text (for the "calls before the mutation point" property). */
  readonly seedText: string;
  readonly point: number;
  /** The seed of the random chunking. */
  readonly chunkSeed: number;
}

const formatCache = new Map<string, FormatDefinition>();
function formatOf(id: string): FormatDefinition {
  let format = formatCache.get(id);
  if (format === undefined) {
    format = getFormat(id);
    formatCache.set(id, format);
  }
  return format;
}

function safeRun(
  format: FormatDefinition,
  options: FormatOptions,
  chunks: readonly string[],
): SpanRun | string {
  try {
    return runWithSpans(format, options, chunks);
  } catch (error) {
    return `exception: ${error instanceof Error ? `${error.name}: ${error.message}\n${error.stack?.split('\n').slice(1, 5).join('\n')}` : String(error)}`;
  }
}

/**
 * Every broken promise of one input (empty: none). Properties: no exception escapes; the whole text
 * and both chunkings give the format's parser the same events folded (content, reasoning, calls with
 * ids, inputs, raws and joined deltas, invalid calls); `parseToolCalls` equals the stream's collected
 * result in both chunkings, for the format and for `auto` (`publicProblems`); the exact nothing-lost
 * check (whole and one code unit per chunk); each call's deltas `JSON.parse` to its input; ids unique;
 * every call the seed's text up to the mutation point already emitted (streamed) is still a call,
 * with the same name, raw text and input.
 */
export function violations(input: FuzzInput): string[] {
  const format = formatOf(input.format);
  const options: FormatOptions = { ...input.options, content: 'verbatim' };
  const problems: string[] = [];
  const chunkings: Array<[string, readonly string[]]> = [
    ['whole', [input.text]],
    ['one code unit per chunk', input.text.split('')],
    [`random chunks (seed ${input.chunkSeed})`, randomChunks(input.text, input.chunkSeed)],
  ];
  let whole: Folded | undefined;
  for (const [label, chunks] of chunkings) {
    const run = safeRun(format, options, chunks);
    if (typeof run === 'string') {
      problems.push(`${label}: ${run}`);
      continue;
    }
    if (label !== chunkings[2]?.[0]) {
      for (const problem of spanProblems(input.text, run, format))
        problems.push(`${label}: nothing lost: ${problem}`);
    }
    const folded = fold(run.events);
    if (whole === undefined) {
      whole = folded;
      problems.push(...callProblems(folded));
    } else if (!isDeepStrictEqual(whole, folded)) {
      problems.push(`${label}: streaming differs from the whole text: ${difference(whole, folded)}`);
    }
  }
  if (whole !== undefined) problems.push(...keptCalls(input, format, options, whole));
  for (const id of [input.format, 'auto'])
    problems.push(...publicProblems(input.text, { ...input.options, format: id }, input.chunkSeed));
  return problems;
}

function callProblems(folded: Folded): string[] {
  const problems: string[] = [];
  if (folded.open.length > 0) problems.push(`calls announced but never ended: ${folded.open.join(', ')}`);
  const ids = [...folded.calls.map((call) => call.id), ...folded.invalid.flatMap((call) => call.id ?? [])];
  if (new Set(ids).size !== ids.length) problems.push(`ids are not unique: ${JSON.stringify(ids)}`);
  for (const call of folded.calls) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(call.deltas);
    } catch {
      problems.push(`the deltas of ${call.id} are not JSON: ${JSON.stringify(call.deltas.slice(0, 200))}`);
      continue;
    }
    if (!isDeepStrictEqual(parsed, call.input))
      problems.push(
        `the deltas of ${call.id} parse to ${show(parsed)}, the input is ${show(call.input)} (deltas ${JSON.stringify(call.deltas.slice(0, 200))})`,
      );
  }
  return problems;
}

/**
 * The seed's calls that were complete before the mutation point must still be calls: those a parser
 * fed the seed's text up to the point (pushed, not finished) already emitted. A streaming client has
 * them by then, whatever follows; the mutated text's whole-text parse must return them too.
 */
function keptCalls(
  input: FuzzInput,
  format: FormatDefinition,
  options: FormatOptions,
  mutated: Folded,
): string[] {
  if (input.point >= input.seedText.length || input.point === 0) return [];
  let committed: Folded['calls'];
  try {
    const parser = format.create(options);
    committed = fold(parser.push(input.seedText.slice(0, input.point))).calls;
  } catch (error) {
    return [`seed prefix: exception: ${error instanceof Error ? error.message : String(error)}`];
  }
  const problems: string[] = [];
  for (const call of committed) {
    const kept = mutated.calls.some(
      (other) =>
        other.name === call.name && other.raw === call.raw && isDeepStrictEqual(other.input, call.input),
    );
    if (!kept)
      problems.push(
        `the call ${call.name} ${show(call.input)} emitted before the mutation at ${input.point} is lost`,
      );
  }
  return problems;
}

/**
 * What users call must agree: `parseToolCalls(text, options)` equals the result `createToolCallStream`
 * gives (its events folded with the public `EventCollector`, its `format` and `warnings`) in one code
 * unit per chunk and in random chunks. The whole parse's format, content, reasoning, calls (ids, raw
 * texts, issues, repairs) and invalid calls, all of it.
 */
function publicProblems(
  text: string,
  options: FormatOptions & { readonly format: string },
  chunkSeed: number,
): string[] {
  const label = `${options.format === 'auto' ? 'auto' : 'format'}: parseToolCalls`;
  let whole: ParseResult;
  try {
    whole = parseToolCalls(text, options);
  } catch (error) {
    return [`${label}: exception: ${error instanceof Error ? error.message : String(error)}`];
  }
  const problems: string[] = [];
  const runs: Array<[string, readonly string[]]> = [
    ['one code unit per chunk', text.split('')],
    [`random chunks (seed ${chunkSeed})`, randomChunks(text, chunkSeed)],
  ];
  for (const [chunking, chunks] of runs) {
    let streamed: ParseResult;
    try {
      const stream = createToolCallStream(options);
      const collector = new EventCollector();
      for (const chunk of chunks) collector.add(stream.push(chunk));
      collector.add(stream.finish());
      streamed = collector.result(stream.format, stream.warnings);
    } catch (error) {
      problems.push(
        `${label} vs stream, ${chunking}: exception: ${error instanceof Error ? error.message : String(error)}`,
      );
      continue;
    }
    if (!isDeepStrictEqual(whole, streamed))
      problems.push(`${label} differs from the stream, ${chunking}: ${resultDifference(whole, streamed)}`);
  }
  return problems;
}

function resultDifference(whole: ParseResult, streamed: ParseResult): string {
  for (const key of [
    'format',
    'content',
    'reasoning',
    'toolCalls',
    'invalidToolCalls',
    'warnings',
  ] as const) {
    if (!isDeepStrictEqual(whole[key], streamed[key]))
      return `${key}: parseToolCalls ${show(whole[key])}, stream ${show(streamed[key])}`;
  }
  return 'equal';
}

function difference(a: Folded, b: Folded): string {
  for (const key of ['content', 'reasoning', 'calls', 'invalid', 'open'] as const) {
    if (!isDeepStrictEqual(a[key], b[key])) return `${key}: whole ${show(a[key])}, streamed ${show(b[key])}`;
  }
  return 'equal';
}

function show(value: unknown): string {
  const text = JSON.stringify(value, (_key, item) =>
    typeof item === 'number' && !Number.isFinite(item) ? String(item) : Object.is(item, -0) ? '-0' : item,
  );
  return text === undefined ? String(value) : text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** The arbitrary of one fuzzed input over `seeds`. */
export function inputArbitrary(seeds: readonly Seed[]): fc.Arbitrary<FuzzInput> {
  return fc
    .tuple(
      fc.nat({ max: seeds.length - 1 }),
      fc.array(mutationArbitrary, { minLength: 1, maxLength: 3 }),
      fc.nat(),
    )
    .map(([index, mutations, chunkSeed]) => {
      const seed = seeds[index] as Seed;
      const { text, point } = mutate(seed.text, formatOf(seed.format).markers, mutations);
      return { format: seed.format, options: seed.options, text, seedText: seed.text, point, chunkSeed };
    });
}
