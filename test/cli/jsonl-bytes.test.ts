import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findTopLevelMember, findTopLevelMemberBytes } from '../../src/cli/find-top-level-member.js';
import { JsonlBatch } from '../../src/cli/jsonl-batch.js';
import { jsonlOutputLine } from '../../src/cli/jsonl-line.js';
import { JsonlRecordReader } from '../../src/cli/jsonl-record-reader.js';

const memberCases = JSON.parse(
  readFileSync(new URL('./find-top-level-member.json', import.meta.url), 'utf8'),
) as Array<{ description: string; text: string }>;

describe('findTopLevelMemberBytes finds what findTopLevelMember finds (find-top-level-member.json)', () => {
  it.each(memberCases)('$description', ({ text }) => {
    const span = findTopLevelMember(text, '"tools"');
    const expected =
      span === undefined
        ? undefined
        : {
            value: text.slice(span.valueStart, span.valueEnd),
            rest: text.slice(0, span.cutStart) + text.slice(span.cutEnd),
          };
    // Bytes around the line: the scan must stay inside [start, end).
    const before = Buffer.from('{"tools": [0]}\n');
    const after = Buffer.from('"]} "tools": [9]}\n');
    const bytes = Buffer.concat([before, Buffer.from(text), after]);
    const start = before.length;
    const end = bytes.length - after.length;
    const found = findTopLevelMemberBytes(bytes, start, end, '"tools"');
    expect(
      found === undefined
        ? undefined
        : {
            value: bytes.toString('utf8', found.valueStart, found.valueEnd),
            rest: bytes.toString('utf8', start, found.cutStart) + bytes.toString('utf8', found.cutEnd, end),
          },
    ).toEqual(expected);
  });
});

const tools = [{ name: 'f', parameters: { type: 'object', properties: { n: { type: 'integer' } } } }];
const toolsText = JSON.stringify(tools);
const otherTools = JSON.stringify([{ name: 'g', description: 'Zürich ☀', parameters: { type: 'object' } }]);
const call = (n: string) =>
  `<tool_call>{\\"name\\": \\"f\\", \\"arguments\\": {\\"n\\": \\"${n}\\"}}</tool_call>`;
const utf8 = (text: string) => Buffer.from(text);

/** Lines as bytes: non-ASCII text, invalid UTF-8, blank and white-space lines, `tools` in odd places. */
const lineBytes: Buffer[] = [
  utf8(`{"id": 1, "format": "hermes", "input": "${call('1')}", "tools": ${toolsText}}`),
  utf8(`{"id": 2, "format": "hermes", "input": "Grüße 🌍 ${call('2')}", "tools": ${toolsText}}`),
  utf8(`{"tools": ${toolsText}, "id": 3, "format": "hermes", "input": "${call('3')}"}`),
  utf8(`{"id": 4, "format": "hermes", "input": "${call('4')}", "tools": ${otherTools}}`),
  utf8(`{"id": 5, "format": "hermes", "input": "${call('5')}", "tools": ${toolsText}}`),
  // Invalid UTF-8 in the input (a lone continuation byte, a cut sequence) and in the tools.
  Buffer.concat([
    utf8('{"id": 6, "format": "hermes", "input": "a'),
    Buffer.from([0x80, 0xe2, 0x82]),
    utf8(`${call('6')}", "tools": ${toolsText}}`),
  ]),
  Buffer.concat([utf8('{"id": 7, "input": "x", "tools": [{"name": "f'), Buffer.from([0xff]), utf8('"}]}')]),
  Buffer.concat([utf8('{"id": 8, "input": "x", "tools": [{"name": "f'), Buffer.from([0xfe]), utf8('"}]}')]),
  utf8(''),
  utf8('   \t'),
  utf8('\u00a0'),
  utf8(' \u3000 '),
  utf8('\ufeff{"id": 13, "input": "x"}'),
  utf8(`{"id": 14, "input": "${call('14')}", "format": "hermes", "tools": ${toolsText}, "tools": []}`),
  utf8(`{"id": 15, "input": "${call('15')}", "format": "hermes", "tool\\u0073": ${toolsText}}`),
  utf8(`{"id": 16, "input": "\\"tools\\": 1", "format": "hermes"}`),
  utf8(`{"id": 17, "input": "${call('17')}", "format": "hermes", "tools": ${toolsText}`),
  utf8('not json'),
  utf8('[1, 2]'),
  utf8(`{"id": 20, "input": 5, "tools": ${toolsText}}`),
  utf8(`{"id": 21, "input": "${call('21')}", "format": "hermes", "tools": {"name": "x"}}`),
  utf8(`{"id": 22, "format": "hermes", "input": "${call('22')}", "tools": ${toolsText}}`),
];

/** The lines' answers the plain way: the whole batch decoded, split at `\n`, each line read as text. */
function plainAnswers(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  const reader = new JsonlRecordReader();
  const defaults = { format: 'auto' };
  return lines
    .map(
      (line, index) =>
        `${jsonlOutputLine(line.endsWith('\r') ? line.slice(0, -1) : line, index + 1, defaults, reader)}\n`,
    )
    .join('');
}

describe('JsonlBatch.run reads the bytes of each line as the decoded line reads', () => {
  it.each([
    ['\\n', '\n', true],
    ['\\r\\n', '\r\n', true],
    ['\\n, no line break after the last line', '\n', false],
  ])('lines ended by %s', (_, end, last) => {
    const lines = [...lineBytes, ...lineBytes.slice().reverse()];
    const bytes = Buffer.concat(
      lines.flatMap((line, index) => (index < lines.length - 1 || last ? [line, utf8(end)] : [line])),
    );
    const batch = new JsonlBatch({ format: 'auto' });
    const answer = batch.run(bytes, 1);
    expect(Buffer.from(answer.bytes).toString('utf8')).toBe(plainAnswers(bytes));
    expect(answer.lines).toBe(lines.length);
    // A second round through the same (now warm) cache answers alike, numbered on.
    expect(Buffer.from(batch.run(bytes, 1).bytes)).toEqual(Buffer.from(answer.bytes));
  });

  it('counts the calls found and the error lines', () => {
    const bytes = Buffer.concat(lineBytes.flatMap((line) => [line, utf8('\n')]));
    const expected = plainAnswers(bytes)
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { error?: string; tool_calls?: unknown[] });
    const { lines, calls, errors } = new JsonlBatch({ format: 'auto' }).run(bytes, 1);
    expect({ lines, calls, errors }).toEqual({
      lines: lineBytes.length,
      calls: expected.reduce((sum, line) => sum + (line.tool_calls?.length ?? 0), 0),
      errors: expected.filter((line) => line.error !== undefined).length,
    });
  });

  it('a last line of only \\r is a blank line; an empty round has no line', () => {
    const batch = new JsonlBatch({ format: 'hermes' });
    const text = (answer: { bytes: Uint8Array; lines: number; calls: number; errors: number }) => {
      const { bytes, ...counts } = answer;
      return { text: Buffer.from(bytes).toString('utf8'), ...counts };
    };
    expect(text(batch.run(utf8('{"input": "a"}\n\r'), 7))).toEqual({
      text: `${JSON.stringify({ format: 'hermes', content: 'a', reasoning: '', tool_calls: [], invalid_tool_calls: [] })}\n${JSON.stringify({ line: 8, error: 'line 8: empty line' })}\n`,
      lines: 2,
      calls: 0,
      errors: 1,
    });
    expect(text(batch.run(Buffer.alloc(0), 1))).toEqual({ text: '', lines: 0, calls: 0, errors: 0 });
  });
});

describe('JsonlRecordReader.readBytes', () => {
  it('hands out the very same tool list for the same tools bytes, and for the same text read as a string', () => {
    const reader = new JsonlRecordReader();
    const at = (line: Buffer) => reader.readBytes(line, 0, line.length).tools;
    const first = at(lineBytes[0] as Buffer);
    expect(first).toEqual({ tools });
    expect(at(lineBytes[2] as Buffer)).toBe(first);
    const other = at(lineBytes[3] as Buffer);
    expect(other).not.toBe(first);
    expect(at(lineBytes[4] as Buffer)).toBe(first);
    expect(reader.read((lineBytes[4] as Buffer).toString()).tools).toBe(first);
    expect(at(lineBytes[3] as Buffer)).toBe(other);
  });
});
