/**
 * The pieces of the embedded-backend tests: the tiny GGUF model written to a temp folder, the gateway
 * serving it through `gatewayOptions` (the path `toolwire serve --config` takes) on 127.0.0.1, the
 * official `openai` client, and whether node-llama-cpp's binary loads here at all (the tests skip
 * with one line where it does not).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { it } from 'vitest';
import { createGateway } from '../../src/server/index.js';
import { gatewayOptions, serveGateway } from '../../src/server/node/index.js';
import { type TinyGgufOptions, writeTinyGguf } from './tiny-gguf.js';

/** Whether node-llama-cpp loads a model here; the reason (first line) when it does not. */
export async function embeddedEngineLoads(): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    const { getLlama, LlamaLogLevel } = await import('node-llama-cpp');
    const llama = await getLlama({ maxThreads: 1, build: 'never', logLevel: LlamaLogLevel.error });
    const model = await llama.loadModel({ modelPath: writeTinyGguf(join(folder(), 'probe.gguf')) });
    await model.dispose();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: String((error as Error).message ?? error).split('\n', 1)[0] ?? '' };
  }
}

/** Registers one skipped test and prints one line, where node-llama-cpp cannot load. */
export function skipEmbedded(reason: string, name: string): void {
  console.log(`skipped (node-llama-cpp cannot load here: ${reason}): ${name}`);
  it.skip(`${name} (needs node-llama-cpp's binary)`, () => {});
}

let made: string | undefined;
/** This run's temp folder. */
export function folder(): string {
  made ??= mkdtempSync(join(tmpdir(), 'toolwire-embedded-'));
  return made;
}

/** A served gateway over the tiny model. */
export interface EmbeddedGateway {
  readonly client: OpenAI;
  readonly url: string;
  readonly notices: string[];
  readonly modelFile: string;
  close(): Promise<void>;
}

/**
 * Writes the tiny model (`gguf` options) and serves one gateway model per entry of `models`
 * (`{ name, format, reasoningBudget? }`), all on that file.
 */
export async function startEmbeddedGateway(
  models: ReadonlyArray<{ name: string; format: string; reasoningBudget?: number }>,
  gguf: TinyGgufOptions = {},
): Promise<EmbeddedGateway> {
  const modelFile = writeTinyGguf(join(folder(), `tiny-${gguf.seed ?? 1}-${Date.now()}.gguf`), gguf);
  const notices: string[] = [];
  const options = await gatewayOptions(
    {
      host: '127.0.0.1',
      port: 0,
      quiet: true,
      models: models.map((model) => ({ ...model, backend: { type: 'llamacpp-embedded', modelFile } })),
    },
    folder(),
    { notice: (message) => notices.push(message) },
  );
  const serving = await serveGateway(createGateway(options), { port: 0 });
  const client = new OpenAI({ baseURL: `${serving.url}/v1`, apiKey: 'unused', maxRetries: 0 });
  return { client, url: serving.url, notices, modelFile, close: () => serving.close(1000) };
}

/** Tools whose schemas use enums, nested objects, arrays, bounded numbers and patterned strings. */
export const bookingTools = [
  {
    type: 'function' as const,
    function: {
      name: 'book_flight',
      description: 'Book a flight',
      parameters: {
        type: 'object',
        properties: {
          from: { type: 'string', pattern: '^[A-Z]{3}$' },
          to: { type: 'string', pattern: '^[A-Z]{3}$' },
          cabin: { type: 'string', enum: ['economy', 'business', 'first'] },
          passengers: {
            type: 'array',
            minItems: 1,
            maxItems: 3,
            items: {
              type: 'object',
              properties: {
                name: { type: 'string', minLength: 1, maxLength: 12 },
                age: { type: 'integer', minimum: 0, maximum: 120 },
              },
              required: ['name', 'age'],
              additionalProperties: false,
            },
          },
          options: {
            type: 'object',
            properties: { meal: { type: 'boolean' }, seat: { type: 'string', enum: ['aisle', 'window'] } },
            required: ['meal'],
            additionalProperties: false,
          },
        },
        required: ['from', 'to', 'cabin', 'passengers', 'options'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function' as const,
    function: {
      name: 'get_weather',
      description: 'Weather forecast',
      parameters: {
        type: 'object',
        properties: {
          city: { type: 'string', minLength: 1, maxLength: 20 },
          unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
          days: { type: 'integer', minimum: 1, maximum: 7 },
          lat: { type: 'number', minimum: -90, maximum: 90 },
        },
        required: ['city', 'unit', 'days'],
        additionalProperties: false,
      },
    },
  },
];
