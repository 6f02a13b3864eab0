/**
 * Runs `analyze` off the main thread, so a 1 MB paste never blocks typing. The RE2 engine (JSON Schema
 * `pattern`) is loaded once before the first request: in browsers `toolwire/schema` loads it only when
 * asked (`loadPatternEngine`).
 */

import { loadPatternEngine } from '../../src/schema/index.js';
import { type Analysis, analyze, messageOf } from './analyze.js';
import type { PlaygroundState } from './state.js';

export interface WorkerRequest {
  readonly id: number;
  readonly state: PlaygroundState;
}

export interface WorkerResponse {
  readonly id: number;
  readonly analysis: Analysis;
}

const engine = loadPatternEngine();

self.addEventListener('message', async (event: MessageEvent<WorkerRequest>) => {
  const { id, state } = event.data;
  let analysis: Analysis;
  try {
    await engine;
    analysis = analyze(state);
  } catch (error) {
    analysis = { error: messageOf(error) };
  }
  self.postMessage({ id, analysis } satisfies WorkerResponse);
});
