import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutLeadingBom } from '../../src/cli/without-leading-bom.js';
import { runCli } from './run-cli.js';

const bom = Buffer.from([0xef, 0xbb, 0xbf]);

async function collect(chunks: readonly (Buffer | string)[]): Promise<Buffer> {
  async function* source() {
    yield* chunks;
  }
  const out: Buffer[] = [];
  for await (const chunk of withoutLeadingBom(source())) out.push(chunk);
  return Buffer.concat(out);
}

/** `bytes` cut at `a` and `b` (a <= b): three chunks, some of them empty. */
const cut = (bytes: Buffer, a: number, b: number) => [
  bytes.subarray(0, a),
  bytes.subarray(a, b),
  bytes.subarray(b),
];

describe('withoutLeadingBom', () => {
  it('drops a byte order mark at the start, however the first chunks cut it', async () => {
    const text = Buffer.from('{"id": 1}\n');
    const input = Buffer.concat([bom, text]);
    for (let a = 0; a <= input.length; a++)
      for (let b = a; b <= Math.min(input.length, a + 5); b++)
        expect((await collect(cut(input, a, b))).toString('hex')).toBe(text.toString('hex'));
  });

  it('passes on bytes that only begin like one, a mark after the start, and a mark alone', async () => {
    const almost = Buffer.from([0xef, 0xbb, 0x41, 0x0a]);
    for (let a = 0; a <= almost.length; a++)
      expect((await collect(cut(almost, a, a))).toString('hex')).toBe('efbb410a');
    expect((await collect([Buffer.from([0xef]), Buffer.from([0xbb])])).toString('hex')).toBe('efbb');
    const later = Buffer.concat([Buffer.from('a'), bom]);
    expect((await collect([later])).toString('hex')).toBe('61efbbbf');
    expect((await collect([bom])).length).toBe(0);
    expect((await collect(['x', 'y'])).toString()).toBe('xy');
  });
});

describe('parse --jsonl with a byte order mark', () => {
  it('reads the first line as the others (a Windows editor wrote the file)', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'toolwire-bom-'));
    const path = join(directory, 'bom.jsonl');
    const line = (id: number) => JSON.stringify({ id, format: 'hermes', input: 'hi' });
    writeFileSync(path, Buffer.concat([bom, Buffer.from(`${line(1)}\n${line(2)}\n`)]));
    const { code, stdout, stderr } = await runCli(['parse', '--jsonl', path]);
    const answer = (id: number) =>
      `{"id":${id},"format":"hermes","content":"hi","reasoning":"","tool_calls":[],"invalid_tool_calls":[]}\n`;
    expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: answer(1) + answer(2), stderr: '' });
  });
});
