import { describe, expect, it } from 'vitest';
import { OutputBytes } from '../../src/cli/output-bytes.js';

describe('OutputBytes', () => {
  it.each([
    ['ASCII', ['{"a":1}', '{"b":2}']],
    ['two-, three- and four-byte characters', ['Grüße', '日本語', '🌍 x 🌍', '']],
    [
      'lines that outgrow the first capacity many times',
      Array.from({ length: 50 }, (_, i) => 'é🌍'.repeat(i * 40)),
    ],
    [
      'escaped lone surrogates as JSON.stringify writes them',
      [JSON.stringify('\ud800'), JSON.stringify('a\udc00b')],
    ],
  ])('%s: the UTF-8 of the lines, each ending in \\n', (_name, lines) => {
    const output = new OutputBytes(16);
    for (const line of lines) output.addLine(line);
    const bytes = output.take();
    // Compared as hex text: exact, and far quicker for the matcher than byte arrays.
    expect(Buffer.from(bytes).toString('hex')).toBe(
      Buffer.from(lines.map((line) => `${line}\n`).join(''), 'utf8').toString('hex'),
    );
    // Its own memory, so moving it to another thread takes nothing else with it.
    expect(bytes.buffer.byteLength).toBeGreaterThanOrEqual(bytes.length);
    expect(bytes.buffer).not.toBe(Buffer.from('x').buffer);
  });
});
