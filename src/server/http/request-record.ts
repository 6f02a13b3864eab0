import type { RequestLogLine } from '../config/gateway-config.js';

/**
 * What one request's log line will say, filled in as the request goes: the model, the status, the
 * first body byte, token and call counts. `finish` writes the line once, however the request ends.
 */
export class RequestRecord {
  readonly id: string;
  model: string | undefined;
  status = 200;
  stream: boolean | undefined;
  promptTokens: number | undefined;
  completionTokens: number | undefined;
  calls: number | undefined;
  invalidCalls: number | undefined;
  historyRepairs: number | undefined;
  /** What the turn's grammar could not express (sent in `x-toolwire-grammar-warnings`). */
  grammarWarnings: readonly string[] | undefined;
  error: string | undefined;
  private firstByte: number | undefined;
  private done = false;
  private readonly started = performance.now();

  constructor(
    private readonly method: string,
    private readonly path: string,
    private readonly sink: ((line: RequestLogLine) => void) | undefined,
  ) {
    this.id = `req_${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;
  }

  /** Marks the first body byte (or the headers of a whole answer) as sent now, once. */
  firstByteSent(): void {
    this.firstByte ??= performance.now();
  }

  /** Writes the log line (once; later calls do nothing). */
  finish(): void {
    if (this.done) return;
    this.done = true;
    const end = performance.now();
    const line: RequestLogLine = {
      id: this.id,
      method: this.method,
      path: this.path,
      ...(this.model === undefined ? {} : { model: this.model }),
      status: this.status,
      ttfbMs: round((this.firstByte ?? end) - this.started),
      ms: round(end - this.started),
      ...(this.stream === undefined ? {} : { stream: this.stream }),
      ...(this.promptTokens === undefined ? {} : { promptTokens: this.promptTokens }),
      ...(this.completionTokens === undefined ? {} : { completionTokens: this.completionTokens }),
      ...(this.calls === undefined ? {} : { calls: this.calls }),
      ...(this.invalidCalls === undefined ? {} : { invalidCalls: this.invalidCalls }),
      ...(this.historyRepairs === undefined ? {} : { historyRepairs: this.historyRepairs }),
      ...(this.error === undefined ? {} : { error: this.error }),
    };
    this.sink?.(line);
  }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
