// parseLenientJson vs jsonrepair followed by JSON.parse on the common repairs of issue 30 (single
// quotes, unquoted keys, truncation, a Markdown fence) at 4 KB, 64 KB and 1 MB (inputs:
// bench/lenient-inputs.js). Run with `npm run bench lenient` (builds dist first) or
// `node bench/run.js lenient` after `npm run build`. `LENIENT_DIST=/path/to/dist` times another build.

import { reportGoal } from './goals.js';
import { repairFloors } from './lenient-floors.js';
import { lenientKinds, lenientSizes } from './lenient-inputs.js';
import { measure, printTable, throughput } from './measure.js';

const dist = process.env.LENIENT_DIST ? `${process.env.LENIENT_DIST}/json/index.js` : '../dist/json/index.js';
const { parseLenientJson } = await import(dist);
let jsonrepair;
try {
  ({ jsonrepair } = await import('jsonrepair'));
} catch {
  console.log('jsonrepair is not installed: nothing to compare with');
  process.exit(0);
}

/** Budget per turn: enough rounds for the 1 MB inputs, short enough for a shared machine. */
const budgetMs = 150;

const rows = [
  [
    'kind',
    'size',
    'parseLenientJson MB/s',
    'jsonrepair + JSON.parse MB/s',
    'speed-up',
    'goal',
    'JSON.parse alone (ceiling)',
    'repair floor',
  ],
];
for (const [kind, build] of Object.entries(lenientKinds)) {
  for (const [sizeName, size] of lenientSizes) {
    const text = build(size);
    // Both sides must read the text to the same value, or the row compares different work.
    const ours = parseLenientJson(text);
    const theirsValue = JSON.parse(jsonrepair(text));
    if (!ours.ok || JSON.stringify(ours.value) !== JSON.stringify(theirsValue)) {
      console.log(`${kind} ${sizeName}: the two sides disagree, row skipped`);
      continue;
    }
    const runOurs = () => parseLenientJson(text);
    const runTheirs = () => JSON.parse(jsonrepair(text));
    // The ceiling of any reader that ends in JSON.parse: JSON.parse alone on the repaired text (a
    // flat copy, as a reader would hand it over), with no repairing at all.
    const repaired = JSON.parse(JSON.stringify(jsonrepair(text)));
    const runCeiling = () => JSON.parse(repaired);
    // The least a repairing reader can do on this kind of damage (see lenient-floors.js), checked to
    // read the same value.
    const floor = repairFloors[kind];
    const floorSame = JSON.stringify(floor(text)) === JSON.stringify(theirsValue);
    const runFloor = () => floor(text);
    // The sides take turns and each keeps its best round (see align.bench.js).
    let oursMs = Number.POSITIVE_INFINITY;
    let theirsMs = Number.POSITIVE_INFINITY;
    let ceilingMs = Number.POSITIVE_INFINITY;
    let floorMs = Number.POSITIVE_INFINITY;
    for (let turn = 0; turn < 4; turn++) {
      oursMs = Math.min(oursMs, measure(runOurs, budgetMs));
      theirsMs = Math.min(theirsMs, measure(runTheirs, budgetMs));
      ceilingMs = Math.min(ceilingMs, measure(runCeiling, budgetMs / 2));
      if (floorSame) floorMs = Math.min(floorMs, measure(runFloor, budgetMs / 2));
    }
    reportGoal('lenient', `${kind} ${sizeName}`, theirsMs / oursMs);
    reportGoal('lenient-ceiling', `${kind} ${sizeName}`, theirsMs / ceilingMs);
    if (floorSame) reportGoal('lenient-floor', `${kind} ${sizeName}`, theirsMs / floorMs);
    rows.push([
      kind,
      sizeName,
      throughput(text.length, oursMs).toFixed(1),
      throughput(text.length, theirsMs).toFixed(1),
      `${(theirsMs / oursMs).toFixed(1)}x`,
      '>= 10x',
      `${(theirsMs / ceilingMs).toFixed(1)}x`,
      floorSame ? `${(theirsMs / floorMs).toFixed(1)}x` : 'reads otherwise',
    ]);
  }
}
console.log(
  'parseLenientJson vs jsonrepair + JSON.parse, time ratio (higher is better); "ceiling" is JSON.parse alone on the already repaired text against jsonrepair + JSON.parse, the most a reader that ends in JSON.parse can reach; "repair floor" the least repairing such a reader can do on the kind (one native pass that knows the damage, then JSON.parse: bench/lenient-floors.js) against the same:',
);
printTable(rows);
