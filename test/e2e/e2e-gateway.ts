/**
 * The gateway as agent clients meet it: a replay backend on 127.0.0.1 (a real HTTP server speaking
 * OpenAI Completions) behind `createGateway` served by `serveGateway` on another loopback port, one
 * model in a given format and built-in template. Every request a client sends is kept (method, path,
 * headers, parsed body) so a test can read what the client put in the conversation, such as the
 * output of the tool it ran.
 *
 * The backend answers from an `AgentScript`: the call to the client's tool while the conversation has
 * no tool output yet, the final answer (only when the prompt holds the rendered tool output exactly)
 * once it has, and a plain short text for anything else a client asks on the side (titles, summaries).
 */
import type { GatewayOptions } from '../../src/server/index.js';
import { builtinPromptRenderer, createGateway, type Gateway } from '../../src/server/index.js';
import { serveGateway } from '../../src/server/node/index.js';
import { type ReplayBackend, type ReplayRecording, startReplayBackend } from '../server/replay-backend.js';
import type { E2eFormat } from './e2e-formats.js';

/** One request a client sent to the gateway. */
export interface ClientRequest {
  readonly method: string;
  readonly path: string;
  readonly search: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed JSON body (`undefined` for a request without one). */
  readonly body: unknown;
}

/** What the backend answers, and how it knows which step of the agent's loop a prompt is. */
export interface AgentScript {
  /** Text only the main conversation's prompt holds (the user's task). */
  readonly task: string;
  /** The client's tool the model calls; its name is in the prompt's tool section. */
  readonly tool: string;
  /** The model's output calling the tool. */
  readonly call: string;
  /** Text the prompt holds only once the tool ran (something its output has and its call has not). */
  readonly resultMarker: string;
  /**
   * What the prompt must hold exactly once the tool ran: computed when that prompt arrives (the client
   * request carrying the output has been received by then). A prompt without it is answered 400.
   */
  readonly renderedResult: () => string;
  /** The model's final answer. */
  readonly answer: string;
  /** The model's answer to anything else (default `format.answer('toolwire e2e')`). */
  readonly other?: string;
}

/** Which script step each backend request was answered with, in order. */
export type ScriptStep = 'call' | 'answer' | 'other';

export interface E2eGateway {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  readonly replay: ReplayBackend;
  readonly clientRequests: ClientRequest[];
  readonly steps: ScriptStep[];
  readonly notices: string[];
  close(): Promise<void>;
}

export interface E2eGatewayOptions {
  readonly format: E2eFormat;
  /** The backend's answers; set after start with `setScript` when they need the gateway's URL. */
  readonly script?: AgentScript;
  /** Model names served (all the same model); default `['m']`. */
  readonly models?: readonly string[];
  /** The models' `contextLength`. */
  readonly contextLength?: number;
  readonly gateway?: Partial<GatewayOptions>;
}

export async function startE2eGateway(
  options: E2eGatewayOptions,
): Promise<E2eGateway & { setScript(script: AgentScript): void }> {
  let script = options.script;
  const steps: ScriptStep[] = [];
  const format = options.format;
  const replay = await startReplayBackend({
    recordings: (body) => {
      const prompt = String(body.prompt);
      if (script === undefined) throw new Error('no script');
      const current = script;
      if (prompt.includes(current.task) && prompt.includes(current.tool)) {
        if (prompt.includes(current.resultMarker)) {
          steps.push('answer');
          return {
            output: current.answer,
            expectPrompt: (text) => {
              const expected = current.renderedResult();
              if (!text.includes(expected))
                throw new Error(`the prompt does not hold the tool output as ${JSON.stringify(expected)}`);
            },
          } satisfies ReplayRecording;
        }
        steps.push('call');
        return { output: current.call };
      }
      steps.push('other');
      return { output: current.other ?? format.answer('toolwire e2e') };
    },
  });
  const notices: string[] = [];
  const gateway = createGateway({
    models: (options.models ?? ['m']).map((name) => ({
      name,
      format: format.format,
      renderer: builtinPromptRenderer(format.template),
      backend: { type: 'openai-completions' as const, url: replay.url, model: 'replay' },
      ...(options.contextLength === undefined ? {} : { contextLength: options.contextLength }),
    })),
    notice: (message) => notices.push(message),
    ...options.gateway,
  });
  const clientRequests: ClientRequest[] = [];
  const serving = await serveGateway(keepingRequests(gateway, clientRequests), { port: 0 });
  return {
    url: serving.url,
    replay,
    clientRequests,
    steps,
    notices,
    setScript: (next) => {
      script = next;
    },
    async close() {
      await serving.close(1000);
      await replay.close();
    },
  };
}

/** `gateway`, keeping a copy of each request's method, path, headers and JSON body in `into`. */
function keepingRequests(gateway: Gateway, into: ClientRequest[]): Gateway {
  const handler = (async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = text;
    }
    into.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      headers: Object.fromEntries(request.headers),
      body,
    });
    return gateway(request);
  }) as Gateway;
  Object.defineProperty(handler, 'inFlight', { get: () => gateway.inFlight });
  handler.close = (graceMs) => gateway.close(graceMs);
  return handler;
}
