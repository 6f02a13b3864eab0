/**
 * Starts the pieces of a gateway test for real: a replay backend on 127.0.0.1, the gateway on
 * another loopback port (Hono's Node adapter, as `toolwire serve` binds it), and the official
 * `openai` client pointed at it. `close` stops both servers.
 */
import OpenAI from 'openai';
import type { BackendConfig, GatewayModel, GatewayOptions, RequestLogLine } from '../../src/server/index.js';
import { builtinPromptRenderer, createGateway } from '../../src/server/index.js';
import { serveGateway } from '../../src/server/node/index.js';
import { type ReplayBackend, type ReplayOptions, startReplayBackend } from './replay-backend.js';

export interface GatewayHarness {
  readonly replay: ReplayBackend;
  readonly url: string;
  readonly client: OpenAI;
  readonly logs: RequestLogLine[];
  readonly notices: string[];
  /** The request id each notice came with (`undefined` for a notice about no one request). */
  readonly noticeIds: (string | undefined)[];
  close(): Promise<void>;
}

export interface HarnessOptions {
  readonly replay: ReplayOptions;
  /** The backend kind and fields (its `url` is the replay server's). */
  readonly backend?: Omit<BackendConfig, 'url'>;
  readonly format?: string;
  /** A built-in template id (default `qwen2.5`, whose format is `hermes`). */
  readonly template?: string;
  readonly model?: Partial<GatewayModel>;
  readonly gateway?: Partial<GatewayOptions>;
  readonly apiKey?: string;
}

export async function startGateway(options: HarnessOptions): Promise<GatewayHarness> {
  const replay = await startReplayBackend(options.replay);
  const logs: RequestLogLine[] = [];
  const notices: string[] = [];
  const noticeIds: (string | undefined)[] = [];
  const gateway = createGateway({
    models: [
      {
        name: 'm',
        format: options.format ?? 'hermes',
        renderer: builtinPromptRenderer(options.template ?? 'qwen2.5'),
        backend: { type: 'openai-completions', ...options.backend, url: replay.url },
        ...options.model,
      },
    ],
    log: (line) => logs.push(line),
    notice: (message, id) => {
      notices.push(message);
      noticeIds.push(id);
    },
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
    ...options.gateway,
  });
  const serving = await serveGateway(gateway, { port: 0 });
  const client = new OpenAI({
    baseURL: `${serving.url}/v1`,
    apiKey: options.apiKey ?? 'unused',
    maxRetries: 0,
  });
  return {
    replay,
    url: serving.url,
    client,
    logs,
    notices,
    noticeIds,
    async close() {
      await serving.close(1000);
      await replay.close();
    },
  };
}

/** The tools of most gateway tests, as OpenAI Chat `tools`. */
export const weatherTools = [
  {
    type: 'function' as const,
    function: {
      name: 'get_weather',
      description: 'Current weather for a city',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
        required: ['city'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function' as const,
    function: {
      name: 'get_time',
      description: 'Current time in a timezone',
      parameters: { type: 'object', properties: { zone: { type: 'string' } }, required: ['zone'] },
    },
  },
];

/** A Hermes-format call as the model writes it. */
export function hermesCall(name: string, args: Record<string, unknown>): string {
  return `<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;
}
