// What one flat copy of a text built from pieces costs, by size, across V8's limit for an object on the
// young generation's pages (128 KiB: a larger string is a large object, with pages of its own). A stream
// keeps a call's raw text as pieces and makes it one flat string once, for `JSON.parse` of its body; the
// whole-text parse slices its input and makes none. The stream benchmark's outputs of "64 KB" sit on
// either side of that limit: kimi_k2's holds non-Latin-1 characters (two bytes a code unit) in 66,906
// code units, 133,812 bytes; mistral's 65,421, 130,842 bytes. So the copy costs the first far more than
// the second, and its stream ÷ whole ratio at 64 KB is the higher. Each text is joined from 1 KB blocks
// (as `TextBuilder` joins pieces), best of rounds. Run with `node bench/run.js flat-copy`.
import { measure, printTable } from './measure.js';
import { output } from './stream-outputs.js';

/** `units` code units in 1,024-unit blocks, two-byte when `wide` (one non-Latin-1 character a block). */
function blocks(units, wide) {
  const out = [];
  for (let at = 0; at < units; at += 1024) {
    const length = Math.min(1024, units - at);
    const filler = 'abcd'.repeat(256).slice(0, length - 1);
    // Each block a string of its own (not one repeated), as a stream's blocks are.
    out.push(
      `${filler}${wide ? String.fromCharCode(0x4e00 + (at % 512)) : String.fromCharCode(97 + (at % 26))}`,
    );
  }
  return out;
}

const rows = [['code units', 'bytes a unit', 'bytes', 'one flat copy', 'ns per code unit']];
for (const [units, wide] of [
  [60_000, true],
  [65_000, true],
  [65_536, true],
  [66_000, true],
  [70_000, true],
  [120_000, false],
  [131_072, false],
  [132_000, false],
]) {
  const parts = blocks(units, wide);
  const ms = measure(() => parts.join('').length, 300);
  rows.push([
    units.toLocaleString('en-US'),
    wide ? 2 : 1,
    (units * (wide ? 2 : 1)).toLocaleString('en-US'),
    `${(ms * 1000).toFixed(1)} µs`,
    ((ms * 1e6) / units).toFixed(2),
  ]);
}
console.log('One flat copy of a text joined from 1 KB blocks (best of rounds):\n');
printTable(rows);
console.log('\nThe stream benchmark outputs of 64 KB (the raw text a stream copies once):\n');
printTable([
  ['format', 'code units', 'two-byte', 'bytes'],
  ...['hermes', 'kimi_k2', 'mistral', 'qwen3_coder', 'glm45'].map((format) => {
    const text = output(format, 65_536);
    const wide = /[^\u0000-\u00ff]/.test(text);
    return [
      format,
      text.length.toLocaleString('en-US'),
      wide ? 'yes' : 'no',
      (text.length * (wide ? 2 : 1)).toLocaleString('en-US'),
    ];
  }),
]);
