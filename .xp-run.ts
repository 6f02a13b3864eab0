import { loadParseCorpus, loadExpectations, evaluateCase } from './test/conformance/parse-corpus.js';
import { qwen3Coder } from './src/formats/qwen3-coder.js';
import { minimaxM2 } from './src/formats/minimax-m2.js';
import { deepseekV32 } from './src/formats/deepseek-v32.js';
const all: any = { qwen3_coder: qwen3Coder, minimax_m2: minimaxM2, deepseek_v32: deepseekV32 };
const getFormat = (id: string) => all[id];
const ids = process.argv.slice(2);
const corpus = loadParseCorpus()!;
const exp = loadExpectations();
for (const id of ids) {
  const format = getFormat(id);
  let pass = 0, fail = 0, expf = 0, splitFail = 0, wholeFail = 0;
  for (const c of corpus.filter((c) => c.format === id)) {
    const o = evaluateCase(c, format, exp.get(c.id));
    if (o.status === 'pass') pass++; else if (o.status === 'expected-failure') expf++; else {
      fail++;
      if (o.mismatches.length) wholeFail++;
      if (o.splitFailures.length) splitFail++;
      console.log('FAIL', c.id, '\n  ' + o.problems.join('\n  ').slice(0, 1500));
    }
  }
  console.log(`${id}: pass ${pass} expected-failure ${expf} fail ${fail} (whole ${wholeFail}, splits ${splitFail})`);
}
