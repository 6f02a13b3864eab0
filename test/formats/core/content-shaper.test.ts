/**
 * `FormatOptions.content` over the whole parse corpus: for every case and every mode, the content of a
 * shaped run (whole text, one character per chunk, seeded random chunkings) is exactly the mode applied
 * to the verbatim run's text pieces, and every other event is unchanged, in order.
 */
import { describe, expect, it } from 'vitest';
import type { ContentMode } from '../../../src/formats/core/content-shaper.js';
import type { FormatOptions } from '../../../src/formats/format-definition.js';
import { parseToolCalls } from '../../../src/formats/parse-tool-calls.js';
import { getFormat } from '../../../src/formats/registry.js';
import type { ParseEvent } from '../../../src/types/parse-event.js';
import {
  type CorpusCase,
  loadParseCorpus,
  optionsFor,
  preparedInput,
  runParser,
  splits,
} from '../../conformance/parse-corpus.js';
import { planCorpus } from '../../conformance/parse-corpus-summary.js';
import { skipCorpus } from '../../corpus.js';

const modes = ['nonblank', 'trim', 'narrative', 'json'] as const;

/** The verbatim text pieces between calls (a call event ends a piece), in order. */
function pieces(events: readonly ParseEvent[]): string[] {
  const list = [''];
  for (const event of events) {
    if (event.type === 'text-delta') list[list.length - 1] += event.delta;
    else if (
      event.type === 'tool-input-start' ||
      event.type === 'tool-call' ||
      event.type === 'tool-call-invalid'
    )
      list.push('');
  }
  return list;
}

/** What each mode makes of the verbatim pieces (the definition in `FormatOptions.content`). */
function reference(mode: Exclude<ContentMode, 'verbatim'>, list: readonly string[]): string {
  const content = list.join('');
  if (mode === 'nonblank') return content.trim() === '' ? '' : content;
  if (mode === 'trim') return content.trim();
  if (mode === 'json') {
    const trimmed = content.trim();
    const opener = /^```[A-Za-z0-9_+.-]{0,32}[ \t]*\r?\n/.exec(trimmed.slice(0, 64));
    if (opener === null) return trimmed;
    const body = trimmed.slice(opener[0].length).trimStart();
    const closer = /(?:^|[^`\s])([\s`]*)$/.exec(body)?.[1] ?? '';
    return closer.trim() === '```' ? body.slice(0, body.length - closer.length) : body;
  }
  return list
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')
    .join('\n');
}

const withoutText = (events: readonly ParseEvent[]) => events.filter((event) => event.type !== 'text-delta');

const corpus = loadParseCorpus();

describe('content modes over the parse corpus', () => {
  if (corpus === undefined) {
    skipCorpus('parse/', 'content modes over the parse corpus');
    return;
  }
  const byFormat = new Map<string, { testCase: CorpusCase; id: string }[]>();
  for (const { testCase, format } of planCorpus(corpus).runnable) {
    const list = byFormat.get(format.id) ?? [];
    list.push({ testCase, id: format.id });
    byFormat.set(format.id, list);
  }
  for (const [formatId, cases] of byFormat) {
    // A format with many corpus cases (qwen3_coder) takes ~4 s here on an idle machine: well over
    // vitest's default 5 s once the machine is busy, so this test gets a hang-sized bound instead.
    it(formatId, { timeout: 60_000 }, () => {
      const format = getFormat(formatId);
      for (const { testCase } of cases) {
        const { text } = preparedInput(testCase);
        const base: FormatOptions = { ...optionsFor(testCase), content: 'verbatim' };
        const chunkings = [
          [text],
          text.split(''),
          ...splits(text)
            .filter((split) => split.label.startsWith('random'))
            .map((split) => split.chunks),
        ];
        for (const chunks of chunkings) {
          // Events other than text depend on the chunking (argument deltas): compare like with like.
          const verbatim = runParser(format, base, chunks);
          for (const mode of modes) {
            const shaped = runParser(format, { ...base, content: mode }, chunks);
            const where = `${testCase.id}, ${mode}, ${chunks.length} chunk(s)`;
            expect(shaped.result.content, where).toBe(reference(mode, pieces(verbatim.events)));
            expect(withoutText(shaped.events), where).toEqual(withoutText(verbatim.events));
          }
        }
      }
    });
  }
});

describe('content modes: cases', () => {
  const tools = [
    {
      name: 'get_weather',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  ];
  const input =
    '  Let me check. \n<tool_call>{"name":"get_weather","arguments":{"city":"Paris"}}</tool_call>\n\n' +
    ' And Rome: <tool_call>{"name":"get_weather","arguments":{"city":"Rome"}}</tool_call> \n';
  const table: [ContentMode, string][] = [
    ['verbatim', '  Let me check. \n\n\n And Rome:  \n'],
    ['nonblank', '  Let me check. \n\n\n And Rome:  \n'],
    ['trim', 'Let me check. \n\n\n And Rome:'],
    ['narrative', 'Let me check.\nAnd Rome:'],
  ];
  for (const [mode, content] of table) {
    it(`${mode}: hermes output with text before, between and after two calls`, () => {
      const result = parseToolCalls(input, { format: 'hermes', tools, content: mode });
      expect(result.content).toBe(content);
      expect(result.toolCalls.map((call) => call.arguments)).toEqual([{ city: 'Paris' }, { city: 'Rome' }]);
    });
  }
  it('nonblank and trim: whitespace-only content is ""; narrative drops empty pieces', () => {
    const blank =
      ' \n\t<tool_call>{"name":"get_weather","arguments":{"city":"Paris"}}</tool_call>\u00a0\u3000';
    for (const mode of ['nonblank', 'trim', 'narrative'] as const)
      expect(parseToolCalls(blank, { format: 'hermes', content: mode }).content, mode).toBe('');
    expect(parseToolCalls(blank, { format: 'hermes' }).content).toBe(' \n\t\u00a0\u3000');
  });
  it('narrative: an empty piece between calls adds no blank line', () => {
    const call = '<tool_call>{"name":"get_weather","arguments":{"city":"Paris"}}</tool_call>';
    const text = `a ${call} \n ${call}\nb`;
    expect(parseToolCalls(text, { format: 'hermes', content: 'narrative' }).content).toBe('a\nb');
  });
  const fenced: [string, string][] = [
    ['```json\n{"a": 1}\n```', '{"a": 1}'],
    [' \n```JSON \r\n  [1, 2]\n```\n\n', '[1, 2]'],
    ['```\n"42"\n```', '"42"'],
    ['```json\n{"a": "`x`"}\n```', '{"a": "`x`"}'],
    ['```json\n{"a": 1}', '{"a": 1}'],
    ['```json\n```', ''],
    ['{"a": 1}\n```', '{"a": 1}\n```'],
    ['```json {"a": 1}```', '```json {"a": 1}```'],
    ['```json', '```json'],
    ['``', '``'],
    ['```json\n{"a": 1}\n``', '{"a": 1}\n``'],
  ];
  for (const [text, content] of fenced) {
    it(`json: ${JSON.stringify(text)} gives ${JSON.stringify(content)}, whole and one char per chunk`, () => {
      expect(parseToolCalls(text, { format: 'hermes', content: 'json' }).content).toBe(content);
      const parser = getFormat('hermes').create({ content: 'json' });
      let streamed = '';
      for (const char of text)
        for (const event of parser.push(char)) if (event.type === 'text-delta') streamed += event.delta;
      for (const event of parser.finish()) if (event.type === 'text-delta') streamed += event.delta;
      expect(streamed).toBe(content);
    });
  }
  it('reset() starts a new turn: no held whitespace, pending join or fence state leaks', () => {
    const call = '<tool_call>{"name":"f","arguments":{}}</tool_call>';
    for (const mode of ['nonblank', 'trim', 'narrative', 'json'] as const) {
      const parser = getFormat('hermes').create({ content: mode });
      parser.push(`\`\`\`json\n a ${call} \n`);
      parser.reset();
      const events = [...parser.push(' b '), ...parser.finish()];
      const text = events.flatMap((event) => (event.type === 'text-delta' ? [event.delta] : [])).join('');
      expect(text, mode).toBe(mode === 'nonblank' ? ' b ' : 'b');
    }
  });
  it('an unknown mode is a typed error', () => {
    expect(() => parseToolCalls('x', { format: 'hermes', content: 'strip' as ContentMode })).toThrow(
      expect.objectContaining({ code: 'invalid_argument' }),
    );
  });
});
