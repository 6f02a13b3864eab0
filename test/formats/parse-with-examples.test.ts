/**
 * `parseWith` and `definition.create` over every registered format's example output
 * (`examples/<id>.txt`) with the example tools (`examples/tools.json`): with `align: schemaAlignment`
 * exactly what `parseToolCalls` (and `getFormat(id).create`, event for event) gives; without `tools`
 * exactly what `parseToolCalls` gives; with `tools` but no `align`, names checked and values read as
 * without tools, and said so.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FormatDefinition, FormatOptions } from '../../src/formats/index.js';
import {
  EventCollector,
  getFormat,
  hermes,
  listFormats,
  parseToolCallChunks,
  parseToolCalls,
  parseWith,
  qwen3Coder,
  schemaAlignment,
} from '../../src/formats/index.js';
import type { ParseEvent } from '../../src/types/parse-event.js';
import type { ToolDefinition } from '../../src/types/tool.js';
import { namedDefinition } from './named-definitions.js';

const examples = new URL('../../examples/', import.meta.url);
const tools = JSON.parse(readFileSync(new URL('tools.json', examples), 'utf8')) as ToolDefinition[];
const example = (id: string): string => readFileSync(new URL(`${id}.txt`, examples), 'utf8');

/** `text` in pieces of 7 code units, as a stream brings it. */
function chunks(text: string): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += 7) pieces.push(text.slice(start, start + 7));
  return pieces;
}

/** Every event a parser of `definition` emits for `text` pushed in `chunks`, then `finish()`. */
function events(definition: FormatDefinition, text: string, options: FormatOptions): ParseEvent[] {
  const parser = definition.create(options);
  return [...chunks(text).flatMap((piece) => parser.push(piece)), ...parser.finish()];
}

const notAligned = {
  type: 'other',
  message:
    'tools were given without align: arguments are read as without tools (not typed, coerced or checked ' +
    'by their schemas); pass align: schemaAlignment to align them',
};

describe('parseWith over every format example', () => {
  for (const { id } of listFormats()) {
    const text = example(id);
    const named = namedDefinition(id);

    it(`${id}: with align, what parseToolCalls returns; without tools too`, () => {
      expect(parseWith(named, text, { tools, align: schemaAlignment })).toEqual(
        parseToolCalls(text, { format: id, tools }),
      );
      expect(parseWith(named, text)).toEqual(parseToolCalls(text, { format: id }));
    });

    it(`${id}: streamed with align, the events of getFormat(id).create and the result of parseToolCallChunks`, () => {
      const streamed = events(named, text, { tools, align: schemaAlignment });
      expect(streamed).toEqual(events(getFormat(id), text, { tools }));
      const collector = new EventCollector();
      collector.add(streamed);
      expect(collector.result(id)).toEqual(parseToolCallChunks(chunks(text), { format: id, tools }));
    });

    it(`${id}: with tools and no align, values read as without tools, deltas that parse to each input`, () => {
      const result = parseWith(named, text, { tools });
      const untyped = parseWith(named, text);
      expect(result.warnings).toEqual([notAligned]);
      expect(result.toolCalls.filter((call) => call.flags !== undefined)).toEqual([]);
      for (const call of result.toolCalls) {
        const same = untyped.toolCalls.find((other) => other.id === call.id);
        if (same !== undefined) expect(call.arguments, call.id).toEqual(same.arguments);
      }
      // The stream's promise holds without alignment: a call's argument deltas are a JSON text of its input.
      const streamed = events(named, text, { tools });
      const deltas = new Map<string, string>();
      for (const event of streamed) {
        if (event.type === 'tool-input-delta')
          deltas.set(event.id, (deltas.get(event.id) ?? '') + event.delta);
        if (event.type === 'tool-call')
          expect(JSON.parse(deltas.get(event.id) ?? '{}'), event.id).toEqual(event.input);
      }
      const collector = new EventCollector();
      collector.add(streamed);
      expect(collector.result(id)).toEqual({ ...result, warnings: undefined });
    });
  }
});

describe('parseWith with tools and no align', () => {
  const qwenText =
    '<tool_call>\n<function=search_web>\n<parameter=query>\nferry\n</parameter>\n<parameter=max_results>\n2\n</parameter>\n</function>\n</tool_call>';

  it('keeps raw values as written (not typed by the schema) and says so', () => {
    expect(parseWith(qwen3Coder, qwenText, { tools })).toEqual({
      format: 'qwen3_coder',
      content: '',
      reasoning: '',
      toolCalls: [
        {
          id: 'call_0',
          name: 'search_web',
          arguments: { query: 'ferry', max_results: '2' },
          raw: '<function=search_web>\n<parameter=query>\nferry\n</parameter>\n<parameter=max_results>\n2\n</parameter>\n</function>',
        },
      ],
      invalidToolCalls: [],
      warnings: [notAligned],
    });
    expect(parseWith(qwen3Coder, qwenText, { tools, align: schemaAlignment }).toolCalls[0]).toEqual({
      id: 'call_0',
      name: 'search_web',
      arguments: { query: 'ferry', max_results: 2 },
      raw: '<function=search_web>\n<parameter=query>\nferry\n</parameter>\n<parameter=max_results>\n2\n</parameter>\n</function>',
    });
  });

  it('checks tool names: a call to a tool not offered is invalid', () => {
    const text = '<tool_call>\n{"name": "send_mail", "arguments": {"to": "a@b.c"}}\n</tool_call>';
    const result = parseWith(hermes, text, { tools });
    expect(result.toolCalls).toEqual([]);
    expect(result.invalidToolCalls).toEqual([
      {
        id: 'call_0',
        name: 'send_mail',
        raw: text,
        error: 'no tool named "send_mail" was offered',
        issues: [{ code: 'unknown_tool', message: 'no tool named "send_mail" was offered' }],
      },
    ]);
  });

  it('does not check required arguments: only alignment does', () => {
    const text = '<tool_call>\n{"name": "get_weather", "arguments": {"unit": "celsius"}}\n</tool_call>';
    expect(parseWith(hermes, text, { tools }).toolCalls).toEqual([
      { id: 'call_0', name: 'get_weather', arguments: { unit: 'celsius' }, raw: text },
    ]);
    expect(
      parseWith(hermes, text, { tools, align: schemaAlignment }).invalidToolCalls.map((call) => call.issues),
    ).toEqual([
      [
        {
          code: 'missing_property',
          message: 'missing required property "city"',
          path: '/city',
          expected: 'a value',
          received: 'nothing',
        },
      ],
    ]);
  });

  it('gives no warning for a definition that aligns by itself (getFormat), nor for an empty tool list', () => {
    const result = parseWith(getFormat('qwen3_coder'), qwenText, { tools });
    expect(result).toEqual(parseToolCalls(qwenText, { format: 'qwen3_coder', tools }));
    expect(result.warnings).toBeUndefined();
    expect(parseWith(qwen3Coder, qwenText, { tools: [] }).warnings).toBeUndefined();
  });

  it('parseToolCalls aligns with a definition imported by name, as with its id', () => {
    expect(parseToolCalls(qwenText, { format: qwen3Coder, tools })).toEqual(
      parseToolCalls(qwenText, { format: 'qwen3_coder', tools }),
    );
  });
});
