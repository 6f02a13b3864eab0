// `toolwire parse --jsonl` at scale: responses/s (total, and per core used) of the built CLI with 1 and N
// worker threads (N = os.availableParallelism()), beside the in-process library loop (parseToolCalls per
// response, tools given once; its first pass, cold like every fresh CLI process, and its best of 3), on
// one 20,000-response file built deterministically from examples/ (each example output in turn, with its
// format and examples/tools.json on every line). Also the cost of the same `tools` on every line against
// `--tools FILE` once (1 = free; the cache makes it so). Each CLI figure is the best of 3 runs of the
// whole process (start-up included), output to /dev/null.
//
// Then the ceiling of any worker design here: the library loop alone, cold, in 1 process and in N
// processes started together (each over 1/N of the lines; no CLI, threads or messages), on this file and
// on one 10x longer (200,000 responses), beside the CLI with 1 and N workers on the longer one.
//
// Then responses per CPU-second on the longer file (every thread of the process counted): the floor
// (readline + JSON.parse + JSON.stringify of each line), the library loop, and the CLI with 1 worker.
//
// Then the same on files of one format each (the usual batch: one model's answers), with the library
// loop's CPU per response block by block over each file and the mixed one: the JIT's warm-up, which the
// mixed file pays for 45 formats' parsers.
//
// Then where the time goes: one more run each of --workers 1 and N through the same CLI modules with
// `runJsonl`'s timings on (`node bench/batch.bench.js --traced FILE N` is that child), per thread: wall
// time since the process started, the thread's own CPU time and the time it was runnable but waited for
// a core (Linux /proc/thread-self/schedstat: other processes on the machine show up there, not in the
// CPU column), module load, first round, and the CPU per line of a worker's first and last 2,560 lines
// (the JIT warm-up every thread pays on its own). Run with `npm run bench batch` (builds dist first) or
// `node bench/run.js batch` after `npm run build`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exampleOutputs, exampleTools } from './example-outputs.js';
import { reportGoal } from './goals.js';
import { printTable } from './measure.js';

/** The formats of the one-format files: the most used open models' formats, and the array form. */
const oneFormatFormats = ['hermes', 'qwen3_coder', 'glm45', 'mistral', 'xlam'];
/** Responses per block of the warm-up table. */
const warmUpBlock = 20_000;

const self = fileURLToPath(import.meta.url);
if (process.argv[2] === '--traced') await traced(process.argv.slice(3));
else if (process.argv[2] === '--library-share') await libraryShare(process.argv.slice(3));
else if (process.argv[2] === '--cpu-second') await cpuSecond(process.argv.slice(3));
else if (process.argv[2] === '--warm-up') await warmUp(process.argv.slice(3));
else await bench();

/**
 * The ceiling child: reads FILE (lines without tools) and TOOLS, keeps the lines whose index is K
 * modulo N, says `ready`, waits for a line on standard input, parses them with `parseToolCalls` once
 * (cold, as a fresh worker is) and prints its loop's start and end (epoch ms).
 */
async function libraryShare([file, toolsFile, k, n]) {
  const { parseToolCalls } = await import('../dist/index.js');
  const tools = JSON.parse(readFileSync(toolsFile, 'utf8'));
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line, index) => line !== '' && index % Number(n) === Number(k))
    .map((line) => JSON.parse(line));
  process.stdout.write('ready\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  const start = performance.timeOrigin + performance.now();
  for (const { format, input } of lines) parseToolCalls(input, { format, tools });
  const end = performance.timeOrigin + performance.now();
  process.stdout.write(`${JSON.stringify({ start, end })}\n`);
  process.stdin.destroy();
}

/**
 * The ceiling of any worker design on this machine: the library loop alone (no CLI, no threads, no
 * messages) in `n` processes at once, each over its 1/n of the lines, started together once all have
 * read their lines. Best of 3 of the wall time from the first loop's start to the last loop's end, ms.
 */
async function ceiling(file, toolsFile, n) {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const children = Array.from({ length: n }, (_, k) =>
      spawn(process.execPath, [self, '--library-share', file, toolsFile, String(k), String(n)], {
        stdio: ['pipe', 'pipe', 'inherit'],
      }),
    );
    const outputs = children.map((child) => {
      let text = '';
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (piece) => (text += piece));
      return {
        ready: new Promise((resolve) => {
          const check = () => (text.startsWith('ready\n') ? resolve() : child.stdout.once('data', check));
          check();
        }),
        done: new Promise((resolve, reject) =>
          child.on('exit', (code) =>
            code === 0
              ? resolve(JSON.parse(text.slice('ready\n'.length)))
              : reject(new Error(`exit ${code}`)),
          ),
        ),
      };
    });
    await Promise.all(outputs.map((output) => output.ready));
    for (const child of children) child.stdin.write('go\n');
    const spans = await Promise.all(outputs.map((output) => output.done));
    const wall = Math.max(...spans.map((span) => span.end)) - Math.min(...spans.map((span) => span.start));
    best = Math.min(best, wall);
  }
  return best;
}

/**
 * The per-CPU-second child: MODE `floor` (readline, `JSON.parse` and `JSON.stringify` of each line),
 * `library` (the same with `parseToolCalls` of each response, tools given once) or `cli` (`runJsonl` as
 * `parse --jsonl FILE --tools TOOLS --workers 1` runs it, output dropped) over FILE; prints the lines
 * read and the process's CPU time in µs (user + system, every thread: the workers, the JIT, the GC).
 */
async function cpuSecond([mode, file, toolsFile]) {
  const tools = JSON.parse(readFileSync(toolsFile, 'utf8'));
  let lines = 0;
  if (mode === 'cli') {
    await import('../dist/cli/main.js');
    const { openInputStream, runJsonl } = await import('../dist/cli/run-jsonl.js');
    const { toolsFrom } = await import('../dist/cli/parse-command.js');
    await runJsonl(
      openInputStream(file),
      { format: 'auto', tools: toolsFrom(tools, '--tools') },
      (bytes) => {
        for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines++;
      },
      { workers: 1 },
    );
  } else {
    const { parseToolCalls } = await import('../dist/index.js');
    const { createInterface } = await import('node:readline');
    const { createReadStream } = await import('node:fs');
    let bytes = 0;
    for await (const line of createInterface({
      input: createReadStream(file),
      crlfDelay: Number.POSITIVE_INFINITY,
    })) {
      if (line === '') continue;
      const { id, format, input } = JSON.parse(line);
      const result = mode === 'floor' ? { id, input } : { id, ...parseToolCalls(input, { format, tools }) };
      bytes += JSON.stringify(result).length;
      lines++;
    }
    if (bytes === 0) throw new Error('nothing was written');
  }
  const usage = process.resourceUsage();
  writeSync(1, `${JSON.stringify({ lines, cpu: usage.userCPUTime + usage.systemCPUTime })}\n`);
}

/**
 * The warm-up child: the library loop over FILE (lines `{ id, format, input }`, parsed in this process
 * first) with TOOLS, printing the CPU µs per response of each block of BLOCK responses: how long the
 * JIT takes to reach its steady state on these lines.
 */
async function warmUp([file, toolsFile, block]) {
  const { parseToolCalls } = await import('../dist/index.js');
  const tools = JSON.parse(readFileSync(toolsFile, 'utf8'));
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));
  const size = Number(block);
  const blocks = [];
  for (let start = 0; start + size <= lines.length; start += size) {
    const before = process.cpuUsage();
    for (let index = start; index < start + size; index++) {
      const { format, input } = lines[index];
      parseToolCalls(input, { format, tools });
    }
    const used = process.cpuUsage(before);
    blocks.push((used.user + used.system) / size);
  }
  writeSync(1, `${JSON.stringify(blocks)}\n`);
}

/** The traced child: the CLI's modules, then `runJsonl` as `parse --jsonl FILE --workers N` runs it. */
async function traced([file, workers, toolsFile]) {
  await import('../dist/cli/main.js');
  const { openInputStream, runJsonl } = await import('../dist/cli/run-jsonl.js');
  const { toolsFrom } = await import('../dist/cli/parse-command.js');
  const tools = toolsFile ? toolsFrom(JSON.parse(readFileSync(toolsFile, 'utf8')), '--tools') : undefined;
  let timings;
  await runJsonl(
    openInputStream(file),
    { format: 'auto', ...(tools ? { tools } : {}) },
    (text) => process.stdout.write(text),
    { workers: Number(workers), timings: (value) => (timings = value) },
  );
  writeSync(2, JSON.stringify({ origin: performance.timeOrigin, timings }));
}

async function bench() {
  const { parseToolCalls } = await import('../dist/index.js');
  const responses = 20_000;
  const tools = exampleTools;
  const outputs = exampleOutputs;
  const batch = Array.from({ length: responses }, (_, index) => ({
    id: index,
    ...outputs[index % outputs.length],
  }));

  const directory = mkdtempSync(join(os.tmpdir(), 'toolwire-batch-bench-'));
  const everyLine = join(directory, 'tools-every-line.jsonl');
  const withoutTools = join(directory, 'tools-once.jsonl');
  const toolsFile = join(directory, 'tools.json');
  writeFileSync(everyLine, `${batch.map((line) => JSON.stringify({ ...line, tools })).join('\n')}\n`);
  writeFileSync(withoutTools, `${batch.map((line) => JSON.stringify(line)).join('\n')}\n`);
  writeFileSync(toolsFile, JSON.stringify(tools));

  const bin = fileURLToPath(new URL('../bin/toolwire.js', import.meta.url));
  /** Best wall time in ms of 3 runs of the CLI on `argv`. */
  function cli(argv) {
    let best = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 3; run++) {
      const start = performance.now();
      const result = spawnSync(process.execPath, [bin, ...argv], { stdio: ['ignore', 'ignore', 'pipe'] });
      const elapsed = performance.now() - start;
      if (result.status !== 0)
        throw new Error(`toolwire ${argv.join(' ')} exited ${result.status}: ${result.stderr}`);
      best = Math.min(best, elapsed);
    }
    return best;
  }

  /** Wall times in ms of 3 passes of the library loop in this process: the first is cold (as a CLI run is). */
  function libraryLoop() {
    const times = [];
    for (let run = 0; run < 3; run++) {
      const start = performance.now();
      for (const { format, input } of batch) parseToolCalls(input, { format, tools });
      times.push(performance.now() - start);
    }
    return { cold: times[0], best: Math.min(...times) };
  }

  const cores = os.availableParallelism();
  const loadBefore = os.loadavg()[0];
  const rate = (ms) => responses / (ms / 1000);
  const library = libraryLoop();
  const one = cli(['parse', '--jsonl', everyLine, '--workers', '1']);
  const many = cli(['parse', '--jsonl', everyLine, '--workers', String(cores)]);
  const onceOne = cli(['parse', '--jsonl', withoutTools, '--tools', toolsFile, '--workers', '1']);

  const row = (mode, workers, ms) => [
    mode,
    workers,
    (ms / 1000).toFixed(2),
    rate(ms).toFixed(0),
    (rate(ms) / workers).toFixed(0),
  ];
  printTable([
    ['mode', 'cores', 's', 'responses/s', 'per core'],
    row('library loop (parseToolCalls), first pass (cold JIT)', 1, library.cold),
    row('library loop (parseToolCalls), best of 3 (warm)', 1, library.best),
    row('parse --jsonl, tools every line, --workers 1', 1, one),
    row(`parse --jsonl, tools every line, --workers ${cores}`, cores, many),
    row('parse --jsonl, --tools once, --workers 1', 1, onceOne),
  ]);
  console.log(
    `\n${responses} responses (${outputs.length} example formats), load average ${loadBefore.toFixed(1)} before, ` +
      `${os.loadavg()[0].toFixed(1)} after; ${cores} workers / 1 worker: ${(one / many).toFixed(2)}x; ` +
      `tools every line / --tools once: ${(one / onceOne).toFixed(2)}`,
  );

  // The same examples ten times over, to show what more lines buy (the warm-up is paid once per thread).
  const bigResponses = responses * 10;
  const big = join(directory, 'tools-once-200k.jsonl');
  writeFileSync(
    big,
    `${Array.from({ length: bigResponses }, (_, index) =>
      JSON.stringify({ id: index, ...outputs[index % outputs.length] }),
    ).join('\n')}\n`,
  );
  const ceilingOne = await ceiling(withoutTools, toolsFile, 1);
  const ceilingMany = await ceiling(withoutTools, toolsFile, cores);
  const bigCeilingOne = await ceiling(big, toolsFile, 1);
  const bigCeilingMany = await ceiling(big, toolsFile, cores);
  const bigOne = cli(['parse', '--jsonl', big, '--tools', toolsFile, '--workers', '1']);
  const bigMany = cli(['parse', '--jsonl', big, '--tools', toolsFile, '--workers', String(cores)]);
  const bigRate = (ms) => bigResponses / (ms / 1000);
  const ceilingRow = (mode, lines, workers, ms) => [
    mode,
    lines,
    workers,
    (ms / 1000).toFixed(2),
    (lines / (ms / 1000)).toFixed(0),
  ];
  console.log(
    '\nwhat N of anything can give on this file and machine: the library loop alone, cold, in 1 process ' +
      `and in ${cores} processes at once, each over 1/${cores} of the lines (no CLI, no threads, no ` +
      'messages; the wall from the first loop start to the last loop end); and the CLI on 10x the lines:\n',
  );
  printTable([
    ['mode', 'responses', 'processes / workers', 's', 'responses/s'],
    ceilingRow('library loop, cold, 1 process', responses, 1, ceilingOne),
    ceilingRow(`library loop, cold, ${cores} processes`, responses, cores, ceilingMany),
    ceilingRow('library loop, cold, 1 process', bigResponses, 1, bigCeilingOne),
    ceilingRow(`library loop, cold, ${cores} processes`, bigResponses, cores, bigCeilingMany),
    ceilingRow('parse --jsonl, --tools once, --workers 1', bigResponses, 1, bigOne),
    ceilingRow(`parse --jsonl, --tools once, --workers ${cores}`, bigResponses, cores, bigMany),
  ]);
  console.log(
    `\nceiling ${cores} / 1 at ${responses} responses: ${(ceilingOne / ceilingMany).toFixed(2)}x; at ` +
      `${bigResponses}: ${(bigCeilingOne / bigCeilingMany).toFixed(2)}x; the CLI at ${bigResponses} ` +
      `(${bigRate(bigOne).toFixed(0)} vs ${bigRate(bigMany).toFixed(0)} responses/s): ` +
      `${(bigOne / bigMany).toFixed(2)}x; load average ${os.loadavg()[0].toFixed(1)} after`,
  );
  // Responses per CPU-second: what the whole process spends, every thread counted (best of 3 each).
  const perCpuSecond = (mode, file = big) => {
    let best = 0;
    for (let run = 0; run < 3; run++) {
      const result = spawnSync(process.execPath, [self, '--cpu-second', mode, file, toolsFile], {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      });
      if (result.status !== 0)
        throw new Error(`--cpu-second ${mode} exited ${result.status}: ${result.stderr}`);
      const { lines, cpu } = JSON.parse(result.stdout);
      if (lines !== bigResponses) throw new Error(`--cpu-second ${mode} read ${lines} lines`);
      best = Math.max(best, lines / (cpu / 1e6));
    }
    return best;
  };
  const floorRate = perCpuSecond('floor');
  const cpuRows = [
    ['readline + JSON.parse + JSON.stringify (floor)', floorRate],
    ['the same + parseToolCalls, tools once (library loop)', perCpuSecond('library')],
    ['parse --jsonl --tools FILE --workers 1', perCpuSecond('cli')],
  ];
  console.log(
    `\nresponses per CPU-second on the ${bigResponses}-line file (the whole process: user + system time ` +
      'of every thread, best of 3 processes each):\n',
  );
  printTable([
    ['mode', 'responses/CPU-s', '÷ floor'],
    ...cpuRows.map(([mode, rate]) => [mode, rate.toFixed(0), (rate / floorRate).toFixed(3)]),
  ]);
  reportGoal(
    'jsonl',
    'CLI, --workers 1',
    cpuRows[2][1],
    `floor ${Math.round(floorRate).toLocaleString('en-US')}`,
  );
  reportGoal('jsonl', 'library loop', cpuRows[1][1]);

  // A file of one model's answers (the usual batch: one format on every line) against the mixed file,
  // and the JIT's warm-up on each: the mixed file runs 45 formats' parsers, which V8 compiles one by one.
  const oneFormat = (format) => {
    const output = outputs.find((candidate) => candidate.format === format);
    const file = join(directory, `${format}-200k.jsonl`);
    writeFileSync(
      file,
      `${Array.from({ length: bigResponses }, (_, index) => JSON.stringify({ id: index, ...output })).join('\n')}\n`,
    );
    return file;
  };
  const formatRows = oneFormatFormats.map((format) => {
    const file = oneFormat(format);
    return [format, perCpuSecond('floor', file), perCpuSecond('cli', file), warmUpBlocks(file, toolsFile)];
  });
  const mixedBlocks = warmUpBlocks(big, toolsFile);
  console.log(
    `\none format on every line (${bigResponses} lines each) beside the mixed file; then the library loop's ` +
      `CPU µs per response in each block of ${warmUpBlock} lines, first to last (the JIT's warm-up):\n`,
  );
  const blocksCell = (blocks) => blocks.map((value) => value.toFixed(0)).join(' ');
  printTable(
    [
      [
        'file',
        'floor/CPU-s',
        'CLI --workers 1 /CPU-s',
        '÷ floor',
        `µs per response, blocks of ${warmUpBlock}`,
      ],
      [`${outputs.length} formats in turn`, floorRate, cpuRows[2][1], mixedBlocks],
      ...formatRows,
    ].map((cells, index) =>
      index === 0
        ? cells
        : [
            cells[0],
            cells[1].toFixed(0),
            cells[2].toFixed(0),
            (cells[2] / cells[1]).toFixed(3),
            blocksCell(cells[3]),
          ],
    ),
  );
  for (const [format, , rate] of formatRows) reportGoal('jsonl', `CLI, --workers 1, ${format} only`, rate);
  console.log('\nwhere the time goes (one traced run each):\n');
  breakdown([trace(everyLine, 1), trace(everyLine, cores), trace(withoutTools, 1, toolsFile)]);
}

/** The warm-up child's blocks (CPU µs per response) over `file`. */
function warmUpBlocks(file, toolsFile) {
  const result = spawnSync(process.execPath, [self, '--warm-up', file, toolsFile, String(warmUpBlock)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (result.status !== 0) throw new Error(`--warm-up exited ${result.status}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** One traced run (see `traced`): its wall ms and `runJsonl`'s timings, clocks relative to process start. */
function trace(file, workers, toolsFile) {
  const start = performance.now();
  const argv = [self, '--traced', file, String(workers), ...(toolsFile ? [toolsFile] : [])];
  const result = spawnSync(process.execPath, argv, {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  const wall = performance.now() - start;
  if (result.status !== 0) throw new Error(`traced run exited ${result.status}: ${result.stderr}`);
  const { origin, timings } = JSON.parse(result.stderr);
  return {
    wall,
    origin,
    timings,
    label: `--workers ${workers}${toolsFile ? ', --tools once' : ', tools every line'}`,
  };
}

/** Prints the traced runs side by side: one column per run. */
function breakdown(runs) {
  const seconds = (ms) => (ms === undefined ? '-' : (ms / 1000).toFixed(2));
  const each = (run, value) => run.timings.workers.map(value).join(' / ');
  const at = (run, clock) => seconds(clock.at - run.origin);
  /** CPU µs per line over a worker's first or last `lines` lines (whole rounds). */
  const perLine = (worker, lines, last) => {
    const cpu = worker.roundCpuMs;
    const counts = worker.roundLines;
    let rounds = 0;
    let counted = 0;
    while (counted < lines && rounds < counts.length)
      counted += counts[last ? counts.length - 1 - rounds++ : rounds++];
    if (counted === 0) return '-';
    const ms = last ? cpu[cpu.length - 1] - (cpu[cpu.length - 1 - rounds] ?? 0) : cpu[rounds - 1];
    return ((ms * 1000) / counted).toFixed(0);
  };
  const rows = [
    ['', ...runs.map((run) => run.label)],
    [
      'process start -> runJsonl: wall s (node start, CLI modules)',
      ...runs.map((run) => at(run, run.timings.started)),
    ],
    [
      '  main thread CPU s / waited s',
      ...runs.map((run) => `${seconds(run.timings.started.cpuMs)} / ${seconds(run.timings.started.waitMs)}`),
    ],
    [
      'workers online: wall s',
      ...runs.map((run) => each(run, (worker) => seconds(worker.onlineAt - run.origin))),
    ],
    ['worker modules loaded: wall s', ...runs.map((run) => each(run, (worker) => at(run, worker.loaded)))],
    [
      '  worker CPU s for start-up and modules',
      ...runs.map((run) => each(run, (worker) => seconds(worker.loaded.cpuMs))),
    ],
    [
      'first round answered: wall s',
      ...runs.map((run) => each(run, (worker) => at(run, worker.firstAnswer))),
    ],
    ['last round answered, runJsonl done: wall s', ...runs.map((run) => at(run, run.timings.ended))],
    ['process exit: wall s', ...runs.map((run) => seconds(run.wall))],
    ['lines per worker', ...runs.map((run) => each(run, (worker) => worker.lines))],
    [
      'worker CPU s answering rounds',
      ...runs.map((run) => each(run, (worker) => seconds(worker.roundCpuMs.at(-1)))),
    ],
    [
      '  CPU µs per line, first 2,560 lines',
      ...runs.map((run) => each(run, (worker) => perLine(worker, 2560, false))),
    ],
    [
      '  CPU µs per line, last 2,560 lines',
      ...runs.map((run) => each(run, (worker) => perLine(worker, 2560, true))),
    ],
    [
      'worker waited for a core: s',
      ...runs.map((run) => each(run, (worker) => seconds(worker.ended.waitMs - worker.loaded.waitMs))),
    ],
    [
      'main thread in runJsonl: CPU s, busy share',
      ...runs.map(
        (run) =>
          `${seconds(run.timings.ended.cpuMs - run.timings.started.cpuMs)}, ${(run.timings.utilization * 100).toFixed(0)}%`,
      ),
    ],
  ];
  printTable(rows);
  // Runs 0 and 1: tools every line, 1 and N workers; run 2: --tools once, 1 worker.
  const critical = runs.map((run) =>
    Math.max(...run.timings.workers.map((worker) => worker.roundCpuMs.at(-1))),
  );
  const serial = runs.map(
    (run) =>
      run.timings.started.cpuMs + Math.max(...run.timings.workers.map((worker) => worker.loaded.cpuMs)),
  );
  console.log(
    `\nbusiest worker's CPU answering rounds, 1 vs N workers: ${seconds(critical[0])} s vs ${seconds(critical[1])} s ` +
      `(${(critical[0] / critical[1]).toFixed(2)}x); start-up CPU before the first round (main + a worker): ` +
      `${seconds(serial[0])} s vs ${seconds(serial[1])} s; ` +
      `CPU-bound ratio if nothing waited for a core: ${((serial[0] + critical[0]) / (serial[1] + critical[1])).toFixed(2)}x; ` +
      `tools every line / --tools once by the same sum: ${((serial[0] + critical[0]) / (serial[2] + critical[2])).toFixed(2)}`,
  );
}
