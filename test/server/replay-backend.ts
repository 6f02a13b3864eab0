import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setImmediate as tick } from 'node:timers/promises';

/**
 * A model server for tests: a real `node:http` server on 127.0.0.1 (port 0) that answers each
 * generation request with the next recording, streamed in the exact wire shape of the path's protocol:
 * - `POST /v1/completions`: OpenAI Completions SSE (`choices[0].text`, then `finish_reason`, then a
 *   `usage` event when `stream_options.include_usage` was sent, then `data: [DONE]`), as vLLM sends it;
 * - `POST /completion`: llama.cpp server SSE (`content`, last event `stop: true` with `stop_type`,
 *   `truncated`, `tokens_evaluated`, `tokens_predicted`);
 * - `POST /api/generate`: Ollama NDJSON (`response`, last line `done: true` with `done_reason`,
 *   `prompt_eval_count`, `eval_count`);
 * - `POST /v1/chat/completions`: OpenAI Chat Completions SSE (`delta.reasoning_content` or
 *   `delta.reasoning`, `delta.content`, `delta.tool_calls`, `usage`, `data: [DONE]`).
 * The output is cut into pieces of 1..`maxChunkLength` UTF-16 units by a seeded PRNG (never inside a
 * surrogate pair), one event per piece, and each event's bytes may be split across two writes (so
 * a reader must join UTF-8 and SSE lines across reads).
 */
export interface ReplayRecording {
  /** The model's text (for the chat protocol: `delta.content`). */
  readonly output: string;
  /** Chat protocol only: reasoning streamed before `output` in `reasoningField`. */
  readonly reasoning?: string;
  /** Default `reasoning_content`. */
  readonly reasoningField?: 'reasoning_content' | 'reasoning';
  /** Chat protocol only: calls streamed as `delta.tool_calls` after `output` (a server that parsed them). */
  readonly toolCalls?: readonly { readonly name: string; readonly arguments: string }[];
  /** Default `stop`; `length` is sent as `finish_reason: "length"`, `stop_type: "limit"`, `done_reason: "length"`. */
  /** `abort` (vLLM's, for a generation its engine gave up on): OpenAI completions protocol only. */
  readonly finishReason?: 'stop' | 'length' | 'abort';
  /**
   * The generation stopped at this stop string (not in `output`, as servers leave it out), reported as
   * each server reports it: vLLM's `stop_reason` on the finishing choice (SGLang's `matched_stop` with
   * `stopReport: "matched_stop"`), llama.cpp's `stop_type: "word"` with `stopping_word`; Ollama says
   * only `done_reason: "stop"`.
   */
  readonly stoppedAt?: string;
  /** Which field of an OpenAI-protocol choice names `stoppedAt`: vLLM's (default) or SGLang's. */
  readonly stopReport?: 'stop_reason' | 'matched_stop';
  /**
   * The prompt this recording answers (chat protocol: `JSON.stringify(body.messages)`): a string that
   * must be equal, or a function that throws when the prompt is wrong. Otherwise the answer is 400
   * with a JSON error saying how it differs.
   */
  readonly expectPrompt?: string | ((prompt: string) => void);
  /** Default: one prompt token per UTF-16 unit of the prompt, one completion token per piece. */
  readonly usage?: { readonly promptTokens?: number; readonly completionTokens?: number };
  /** Failure: close the connection without answering. */
  readonly refuse?: boolean;
  /** Wait this many milliseconds before answering (a model still thinking). */
  readonly delayMs?: number;
  /** Failure: never answer (no headers), keeping the connection open. */
  readonly silent?: boolean;
  /** Failure: answer this status with `errorBody` (default `{ error: { message, code } }`). */
  readonly status?: number;
  readonly errorBody?: unknown;
  /** Failure: destroy the socket after this many output pieces. */
  readonly resetAfterChunks?: number;
  /** Failure: after the first piece, send an event whose JSON is cut (`data: {not json`), then end. */
  readonly malformed?: boolean;
  /** Failure: stop writing after this many pieces and keep the connection open. */
  readonly stallAfterChunks?: number;
  /**
   * Failure: after this many pieces, send the protocol's mid-stream error event and end (SSE
   * `data: {"error": {"message": "replay error event", "code": 500}}`; Ollama `{"error": "replay error event"}`).
   */
  readonly errorEventAfterChunks?: number;
  /** Failure: end the body after the pieces, without the protocol's end event. */
  readonly omitEnd?: boolean;
  /**
   * Send the whole answer in one write (up to `errorEventAfterChunks`' error event when set), as a
   * fast server's stream arrives when its reader is behind: many events in one read.
   */
  readonly oneWrite?: boolean;
}

/** One request the replay server received. */
export interface ReplayRequest {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
  /** How the exchange ended: the whole answer written, the client closed first, or the server broke it. */
  readonly ended: Promise<'completed' | 'client_closed' | 'server_closed'>;
}

export interface ReplayOptions {
  /** Served in order (one per request), or chosen per request. */
  readonly recordings:
    | readonly ReplayRecording[]
    | ((body: Record<string, unknown>, path: string) => ReplayRecording);
  /** PRNG seed of the piece sizes and write splits; default 1. */
  readonly seed?: number;
  /** Longest piece in UTF-16 units; default 8. */
  readonly maxChunkLength?: number;
}

export interface ReplayBackend {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  readonly requests: ReplayRequest[];
  /** Stops listening and destroys every open connection. */
  close(): Promise<void>;
}

type Protocol = 'completions' | 'llamacpp' | 'ollama' | 'chat';

const protocols: Readonly<Record<string, Protocol>> = {
  '/v1/completions': 'completions',
  '/completion': 'llamacpp',
  '/api/generate': 'ollama',
  '/v1/chat/completions': 'chat',
};

const maxBodyBytes = 16 * 1024 * 1024;

/** Starts a replay server; see `ReplayRecording` for what it sends. */
export async function startReplayBackend(options: ReplayOptions): Promise<ReplayBackend> {
  const random = mulberry32(options.seed ?? 1);
  const maxChunkLength = options.maxChunkLength ?? 8;
  const requests: ReplayRequest[] = [];
  const sockets = new Set<Socket>();
  let served = 0;

  const nextRecording = (body: Record<string, unknown>, path: string): ReplayRecording | undefined => {
    if (typeof options.recordings === 'function') return options.recordings(body, path);
    return options.recordings[served++];
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error), code: 500 } });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const protocol = protocols[path];
    if (req.method !== 'POST' || protocol === undefined) {
      sendJson(res, 404, { error: { message: `no route ${req.method} ${path}`, code: 404 } });
      return;
    }
    const text = await readBody(req);
    if (text === undefined) {
      sendJson(res, 413, { error: { message: 'body too large', code: 413 } });
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      sendJson(res, 400, { error: { message: 'body is not JSON', code: 400 } });
      return;
    }
    let serverBroke = false;
    const ended = new Promise<'completed' | 'client_closed' | 'server_closed'>((resolve) => {
      res.on('close', () => {
        resolve(res.writableFinished ? 'completed' : serverBroke ? 'server_closed' : 'client_closed');
      });
    });
    requests.push({ path, headers: req.headers, body, ended });
    const recording = nextRecording(body, path);
    if (recording === undefined) {
      sendJson(res, 500, {
        error: { message: `no recording left for request ${requests.length}`, code: 500 },
      });
      return;
    }
    if (recording.silent === true) return;
    if (recording.delayMs !== undefined)
      await new Promise((resolve) => setTimeout(resolve, recording.delayMs));
    if (recording.refuse === true) {
      serverBroke = true;
      req.socket.destroy();
      return;
    }
    if (recording.status !== undefined) {
      const errorBody = recording.errorBody ?? {
        error: { message: `replay failure ${recording.status}`, code: recording.status },
      };
      sendJson(res, recording.status, errorBody);
      return;
    }
    const prompt = protocol === 'chat' ? JSON.stringify(body.messages ?? null) : String(body.prompt);
    const mismatch = promptMismatch(recording.expectPrompt, prompt);
    if (mismatch !== undefined) {
      sendJson(res, 400, { error: { message: mismatch, code: 400 } });
      return;
    }
    const pieces = splitText(recording.output, random, maxChunkLength);
    const frames = framesFor(protocol, body, recording, prompt, pieces, random, maxChunkLength);
    res.writeHead(200, {
      'content-type': protocol === 'ollama' ? 'application/x-ndjson' : 'text/event-stream',
      'cache-control': 'no-cache',
    });
    if (recording.oneWrite === true) {
      const cut = recording.errorEventAfterChunks;
      const sent =
        cut === undefined
          ? [...frames.pieces, ...frames.end]
          : [...frames.pieces.slice(0, cut), errorEvent(protocol)];
      res.end(sent.join(''));
      return;
    }
    let piecesWritten = 0;
    for (const frame of frames.pieces) {
      if (recording.stallAfterChunks !== undefined && piecesWritten >= recording.stallAfterChunks) return;
      if (recording.resetAfterChunks !== undefined && piecesWritten >= recording.resetAfterChunks) {
        serverBroke = true;
        res.destroy();
        return;
      }
      if (recording.errorEventAfterChunks === piecesWritten) {
        await writeSplit(res, errorEvent(protocol), random);
        res.end();
        return;
      }
      if (!(await writeSplit(res, frame, random))) return;
      piecesWritten++;
      if (recording.malformed === true) {
        await writeSplit(res, protocol === 'ollama' ? '{not json\n' : 'data: {not json\n\n', random);
        res.end();
        return;
      }
    }
    if (recording.stallAfterChunks !== undefined && piecesWritten >= recording.stallAfterChunks) return;
    if (recording.malformed === true) {
      // An empty output has no first piece to send the cut event after.
      await writeSplit(res, protocol === 'ollama' ? '{not json\n' : 'data: {not json\n\n', random);
      res.end();
      return;
    }
    if (recording.omitEnd !== true) {
      for (const frame of frames.end) if (!(await writeSplit(res, frame, random))) return;
    }
    res.end();
  }

  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('replay server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** Why `prompt` is not the expected one, or `undefined` when it is (or nothing is expected). */
function promptMismatch(expect: ReplayRecording['expectPrompt'], prompt: string): string | undefined {
  if (expect === undefined) return undefined;
  if (typeof expect === 'function') {
    try {
      expect(prompt);
      return undefined;
    } catch (error) {
      return `prompt rejected by the recording: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  if (expect === prompt) return undefined;
  let at = 0;
  while (at < expect.length && at < prompt.length && expect[at] === prompt[at]) at++;
  return (
    `prompt differs from the recording at UTF-16 offset ${at}: expected ` +
    `${JSON.stringify(expect.slice(at, at + 80))}, got ${JSON.stringify(prompt.slice(at, at + 80))}`
  );
}

/** The events of one answer: one per output piece, then the protocol's closing events. */
function framesFor(
  protocol: Protocol,
  body: Record<string, unknown>,
  recording: ReplayRecording,
  prompt: string,
  pieces: readonly string[],
  random: () => number,
  maxChunkLength: number,
): { pieces: string[]; end: string[] } {
  const model = typeof body.model === 'string' ? body.model : 'replay';
  const length = recording.finishReason === 'length';
  const promptTokens = recording.usage?.promptTokens ?? prompt.length;
  const completionTokens = recording.usage?.completionTokens ?? pieces.length;
  const sse = (value: unknown): string => `data: ${JSON.stringify(value)}\n\n`;
  const wantsUsage = (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
  const usageEvent = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
  switch (protocol) {
    case 'completions': {
      const event = (choices: unknown[], extra: Record<string, unknown> = {}): string =>
        sse({ id: 'cmpl-replay', object: 'text_completion', created: 0, model, choices, ...extra });
      const choice = (text: string, finish: string | null): unknown => ({
        index: 0,
        text,
        logprobs: null,
        finish_reason: finish,
        ...matchedStop(recording, finish),
      });
      return {
        pieces: pieces.map((text) => event([choice(text, null)])),
        end: [
          event([choice('', recording.finishReason === 'abort' ? 'abort' : length ? 'length' : 'stop')]),
          ...(wantsUsage ? [event([], { usage: usageEvent })] : []),
          'data: [DONE]\n\n',
        ],
      };
    }
    case 'llamacpp':
      return {
        pieces: pieces.map((content, i) =>
          sse({ index: 0, content, tokens: [], stop: false, id_slot: 0, tokens_predicted: i + 1 }),
        ),
        end: [
          sse({
            index: 0,
            content: '',
            tokens: [],
            id_slot: 0,
            stop: true,
            model,
            tokens_predicted: completionTokens,
            tokens_evaluated: promptTokens,
            tokens_cached: 0,
            truncated: false,
            stop_type: length ? 'limit' : recording.stoppedAt === undefined ? 'eos' : 'word',
            stopping_word: recording.stoppedAt ?? '',
            timings: { prompt_n: promptTokens, predicted_n: completionTokens },
          }),
        ],
      };
    case 'ollama': {
      const line = (value: unknown): string => `${JSON.stringify(value)}\n`;
      const createdAt = '2026-01-01T00:00:00Z';
      return {
        pieces: pieces.map((response) => line({ model, created_at: createdAt, response, done: false })),
        end: [
          line({
            model,
            created_at: createdAt,
            response: '',
            done: true,
            done_reason: length ? 'length' : 'stop',
            total_duration: 1,
            prompt_eval_count: promptTokens,
            eval_count: completionTokens,
          }),
        ],
      };
    }
    case 'chat': {
      const event = (delta: unknown, finish: string | null = null): string =>
        sse({
          id: 'chatcmpl-replay',
          object: 'chat.completion.chunk',
          created: 0,
          model,
          choices: [
            { index: 0, delta, logprobs: null, finish_reason: finish, ...matchedStop(recording, finish) },
          ],
        });
      const field = recording.reasoningField ?? 'reasoning_content';
      const reasoning = splitText(recording.reasoning ?? '', random, maxChunkLength);
      const calls = (recording.toolCalls ?? []).map((call, index) =>
        event({
          tool_calls: [
            {
              index,
              id: `call_${index}`,
              type: 'function',
              function: { name: call.name, arguments: call.arguments },
            },
          ],
        }),
      );
      const finish = calls.length > 0 ? 'tool_calls' : length ? 'length' : 'stop';
      return {
        pieces: [
          ...reasoning.map((text) => event({ [field]: text })),
          ...pieces.map((content) => event({ content })),
          ...calls,
        ],
        end: [
          event({}, finish),
          ...(wantsUsage
            ? [
                sse({
                  id: 'chatcmpl-replay',
                  object: 'chat.completion.chunk',
                  created: 0,
                  model,
                  choices: [],
                  usage: usageEvent,
                }),
              ]
            : []),
          'data: [DONE]\n\n',
        ],
      };
    }
  }
}

/**
 * The field an OpenAI-protocol choice names its matched stop string in: vLLM's `stop_reason` (the
 * string on the finishing choice, `null` otherwise) or SGLang's `matched_stop`.
 */
function matchedStop(recording: ReplayRecording, finish: string | null): Record<string, unknown> {
  const field = recording.stopReport ?? 'stop_reason';
  return { [field]: finish === 'stop' ? (recording.stoppedAt ?? null) : null };
}

/** `text` in pieces of 1..`max` UTF-16 units, never between the halves of a surrogate pair. */
export function splitText(text: string, random: () => number, max: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + 1 + Math.floor(random() * max));
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end++;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * Writes `frame` in one or two writes split at a random byte (possibly inside a UTF-8 sequence),
 * yielding to the event loop between them; `false` when the response was closed meanwhile.
 */
async function writeSplit(res: ServerResponse, frame: string, random: () => number): Promise<boolean> {
  const bytes = Buffer.from(frame, 'utf8');
  const cut = bytes.length < 2 || random() < 0.5 ? 0 : 1 + Math.floor(random() * (bytes.length - 1));
  for (const part of cut === 0 ? [bytes] : [bytes.subarray(0, cut), bytes.subarray(cut)]) {
    if (res.destroyed) return false;
    res.write(part);
    await tick();
  }
  return !res.destroyed;
}

function errorEvent(protocol: Protocol): string {
  if (protocol === 'ollama') return `${JSON.stringify({ error: 'replay error event' })}\n`;
  return `data: ${JSON.stringify({ error: { message: 'replay error event', type: 'server_error', code: 500 } })}\n\n`;
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

/** The request body as text, or `undefined` past 16 MiB. */
async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of req as AsyncIterable<Buffer>) {
    size += part.length;
    if (size > maxBodyBytes) return undefined;
    parts.push(part);
  }
  return Buffer.concat(parts).toString('utf8');
}

/** A small seeded PRNG (mulberry32): the same seed gives the same pieces on every run. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
