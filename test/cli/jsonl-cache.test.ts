import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findTopLevelMember } from '../../src/cli/find-top-level-member.js';
import { jsonlOutputLine } from '../../src/cli/jsonl-line.js';
import { JsonlRecordReader } from '../../src/cli/jsonl-record-reader.js';
import { normalizeTools } from '../../src/formats/core/tool-index.js';

const memberCases = JSON.parse(
  readFileSync(new URL('./find-top-level-member.json', import.meta.url), 'utf8'),
) as Array<{ description: string; text: string; value?: string; rest?: string }>;

describe('findTopLevelMember (find-top-level-member.json)', () => {
  it.each(memberCases)('$description', ({ text, value, rest }) => {
    const span = findTopLevelMember(text, '"tools"');
    const found =
      span === undefined
        ? undefined
        : {
            value: text.slice(span.valueStart, span.valueEnd),
            rest: text.slice(0, span.cutStart) + text.slice(span.cutEnd),
          };
    expect(found).toEqual(value === undefined ? undefined : { value, rest });
  });

  it('takes a known value without scanning it, only when a delimiter follows', () => {
    const text = '{"a": 1, "tools": 12}';
    const start = text.indexOf('12');
    // A known value "1" would glue "2" onto "a": it is not taken, the value is scanned instead.
    expect(findTopLevelMember(text, '"tools"', () => start + 1)).toMatchObject({ valueEnd: start + 2 });
    expect(findTopLevelMember(text, '"tools"', () => start + 2)).toMatchObject({ valueEnd: start + 2 });
  });
});

const tools = [
  { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
];
const toolsText = JSON.stringify(tools);
const call = '<tool_call>{\\"name\\": \\"get_weather\\", \\"arguments\\": {\\"city\\": 5}}</tool_call>';

/** Lines whose `tools` the reader must read exactly as JSON.parse of the whole line does. */
const lines = [
  `{"id": 1, "format": "hermes", "input": "${call}", "tools": ${toolsText}}`,
  `{"tools": ${toolsText}, "id": 2, "format": "hermes", "input": "${call}"}`,
  `{"id": 3, "tools" : ${JSON.stringify(tools, null, 2)} , "format": "hermes", "input": "${call}"}`,
  `{"id": 4, "format": "hermes", "input": "${call}", "tools": ${toolsText}, "tools": []}`,
  `{"id": 5, "format": "hermes", "input": "${call}", "tool\\u0073": ${toolsText}}`,
  `{"id": 6, "format": "hermes", "input": "\\"tools\\": ${toolsText.replaceAll('"', '\\"')}"}`,
  `{"id": 7, "meta": {"tools": ${toolsText}}, "format": "hermes", "input": "${call}"}`,
  `{"id": 8, "format": "hermes", "input": "${call}", "tools": {"name": "x"}}`,
  `{"id": 9, "format": "hermes", "input": "${call}", "tools": null}`,
  `{"id": 10, "format": "hermes", "input": "${call}", "tools": [${toolsText.slice(1, -1)},]}`,
  `{"id": 11, "format": "hermes", "input": "${call}", "tools": ${toolsText}`,
  `{"id": 12, "format": "hermes", "input": "${call}", "tools": ${toolsText} x}`,
  `{"id": 13, "tools": 1, "tools": 12}`,
  `{"id": 14, "format": "hermes", "input": "${call}", "tools": ${toolsText}}`,
];

/** What the line means, read the plain way: JSON.parse of the whole line, then normalizeTools. */
function plain(line: string): unknown {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line);
  } catch (error) {
    return { error: (error as Error).message };
  }
  if (!('tools' in record)) return { record };
  const { tools: value, ...rest } = record;
  try {
    return { record: rest, tools: normalizeTools(value) };
  } catch (error) {
    return { record: rest, toolsError: (error as Error).message };
  }
}

function cached(reader: JsonlRecordReader, line: string): unknown {
  let read: ReturnType<JsonlRecordReader['read']>;
  try {
    read = reader.read(line);
  } catch (error) {
    return { error: (error as Error).message };
  }
  if (read.tools === undefined) {
    if (!('tools' in read.record)) return { record: read.record };
    const { tools: value, ...rest } = read.record;
    try {
      return { record: rest, tools: normalizeTools(value) };
    } catch (error) {
      return { record: rest, toolsError: (error as Error).message };
    }
  }
  return 'error' in read.tools
    ? { record: read.record, toolsError: read.tools.error.message }
    : { record: read.record, tools: read.tools.tools };
}

describe('JsonlRecordReader', () => {
  it('reads every line as JSON.parse does, cache cold and warm, in either order', () => {
    const reader = new JsonlRecordReader();
    for (const line of [...lines, ...lines, ...[...lines].reverse()]) {
      expect({ line, read: cached(reader, line) }).toEqual({ line, read: plain(line) });
    }
  });

  it('hands out the very same tool list for the same tools text', () => {
    const reader = new JsonlRecordReader();
    const first = reader.read(lines[0] as string).tools;
    const again = reader.read(lines[13] as string).tools;
    const moved = reader.read(lines[1] as string).tools;
    expect(first).toBeDefined();
    expect(again).toBe(first);
    expect(moved).toBe(first);
  });

  it('gives the same output lines with the cache as with a fresh reader per line', () => {
    const reader = new JsonlRecordReader();
    const defaults = { format: 'auto' };
    const warm = [...lines, ...lines].map((line, index) =>
      jsonlOutputLine(line, index + 1, defaults, reader),
    );
    const cold = [...lines, ...lines].map((line, index) =>
      jsonlOutputLine(line, index + 1, defaults, new JsonlRecordReader()),
    );
    expect(warm).toEqual(cold);
    expect(JSON.parse(warm[0] as string)).toEqual({
      id: 1,
      format: 'hermes',
      content: '',
      reasoning: '',
      tool_calls: [
        {
          id: 'call_0',
          name: 'get_weather',
          arguments: { city: '5' },
          flags: [{ path: '/city', kind: 'number_to_string' }],
        },
      ],
      invalid_tool_calls: [],
    });
  });
});
