import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

interface StreamCase {
  description: string;
  events: Array<Record<string, unknown>>;
  from?: string;
  tools?: boolean;
  expected: unknown;
}

interface FailureCase {
  description: string;
  input: string;
  args?: string[];
  code: number;
  /** `{file}` stands for the input's path, `{json}` for JSON.parse's message on `json`. */
  stderr: string;
  json?: string;
  stdout?: unknown;
}

const table = JSON.parse(readFileSync(new URL('./accumulate-streams.json', import.meta.url), 'utf8')) as {
  tools: unknown[];
  cases: StreamCase[];
  failures: FailureCase[];
};

const directory = mkdtempSync(join(tmpdir(), 'toolwire-accumulate-'));
let files = 0;
const file = (text: string): string => {
  const path = join(directory, `input-${files++}`);
  writeFileSync(path, text);
  return path;
};
const toolsFile = file(JSON.stringify(table.tools));

/** SSE as servers send it: `event:` names where the provider sends them, each `data:` spread over lines. */
function sse(events: StreamCase['events'], lineBreak: string): string {
  const isChat = Array.isArray(events[0]?.choices);
  const blocks = events.map((event) => {
    const name = isChat ? [] : [`event: ${String(event.type)}`];
    const data = JSON.stringify(event, null, 2)
      .split('\n')
      .map((line) => `data: ${line}`);
    return [...name, ...data].join(lineBreak);
  });
  const done = isChat ? [`data: [DONE]`] : [];
  return [': keep-alive', ...blocks, ...done].map((block) => `${block}${lineBreak}${lineBreak}`).join('');
}

const renderings: Array<[string, (events: StreamCase['events']) => string]> = [
  ['JSON lines', (events) => `${events.map((event) => JSON.stringify(event)).join('\n')}\n`],
  ['SSE, multi-line data', (events) => sse(events, '\n')],
  ['SSE, multi-line data, CRLF', (events) => sse(events, '\r\n')],
  // A saved stream cut right after its last event, without the blank line that would end it.
  ['SSE, no blank line at the end', (events) => sse(events, '\n').trimEnd()],
];

describe('toolwire accumulate (accumulate-streams.json)', () => {
  describe.each(table.cases)('$description', (testCase) => {
    it.each(renderings)('%s', async (_name, render) => {
      const argv = ['accumulate', file(render(testCase.events))];
      if (testCase.from) argv.push('--from', testCase.from);
      if (testCase.tools) argv.push('--tools', toolsFile);
      const { code, stdout, stderr } = await runCli(argv);
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(stdout).toBe(`${JSON.stringify(testCase.expected, null, 2)}\n`);
    });
  });

  it.each(table.failures)('$description', async (failure) => {
    const path = file(failure.input);
    const { code, stdout, stderr } = await runCli(['accumulate', path, ...(failure.args ?? [])]);
    const message = failure.stderr.replace('{file}', path).replace('{json}', jsonError(failure.json));
    expect({ code, stderr }).toEqual({ code: failure.code, stderr: `${message}\n` });
    expect(stdout).toBe(failure.stdout === undefined ? '' : `${JSON.stringify(failure.stdout, null, 2)}\n`);
  });
});

/** JSON.parse's own message for `text` (it differs between V8 versions). */
function jsonError(text: string | undefined): string {
  try {
    JSON.parse(text ?? '');
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}
