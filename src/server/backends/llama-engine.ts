/**
 * A GGUF model loaded in this process through node-llama-cpp (llama.cpp's Node binding), with one
 * context of one sequence that generations take turns on. node-llama-cpp is an optional peer
 * dependency: it is imported here, only when a model is loaded, so the rest of toolwire runs
 * without it.
 */
import type { LlamaContextSequence, LlamaGrammar, LlamaModel, TokenBias } from 'node-llama-cpp';
import { ToolwireError } from '../../errors/index.js';
import { ggufProblem, type ReadAt } from './gguf-structure.js';
import type { GgufVocabulary } from './token-bytes.js';
import { Utf8Guard } from './utf8-guard.js';

type NodeLlamaCpp = typeof import('node-llama-cpp');

/** What `loadLlamaEngine` reads. */
export interface LlamaEngineOptions {
  /** Path of the GGUF file. */
  readonly modelFile: string;
  /** CPU threads (default 1: more threads than free cores makes llama.cpp far slower, not faster). */
  readonly threads?: number;
  /** Context window in tokens (prompt and output); default the model's, at most 8192. */
  readonly contextSize?: number;
}

/** A loaded model and the one sequence its generations run on. */
export interface LlamaEngine {
  readonly nodeLlamaCpp: NodeLlamaCpp;
  readonly model: LlamaModel;
  readonly sequence: LlamaContextSequence;
  readonly contextSize: number;
  readonly vocabulary: GgufVocabulary;
  /** `tokenizer.chat_template` of the GGUF metadata, when it has one. */
  readonly chatTemplate: string | undefined;
  /** `general.name` of the GGUF metadata, when it has one. */
  readonly name: string | undefined;
  /** The text of the BOS and EOS tokens (`""` when the model has none), for chat templates. */
  readonly bosToken: string;
  readonly eosToken: string;
  /** Keeps a generation's bytes well-formed UTF-8 (reset it at each generation's start). */
  readonly guard: Utf8Guard;
  /** A token bias forbidding `tokens` (made once per list). */
  forbid(tokens: readonly number[]): TokenBias;
  /** A grammar made from GBNF text (made once per text). */
  grammar(gbnf: string): Promise<LlamaGrammar>;
  /**
   * Waits for the sequence (one generation at a time) and resolves to the function that frees it;
   * resolves to `undefined` when `signal` aborts first.
   */
  acquire(signal: AbortSignal): Promise<(() => void) | undefined>;
}

/** How to install the optional peer dependency, as the one line an error says. */
export const NODE_LLAMA_CPP_MISSING =
  'the llamacpp-embedded backend needs node-llama-cpp: install it with npm install node-llama-cpp@3';

let imported: Promise<NodeLlamaCpp> | undefined;

/**
 * node-llama-cpp, imported once.
 * @throws ToolwireError `unsupported` (`NODE_LLAMA_CPP_MISSING`) when it is not installed.
 */
export function importNodeLlamaCpp(): Promise<NodeLlamaCpp> {
  imported ??= import('node-llama-cpp').catch((error: NodeJS.ErrnoException) => {
    imported = undefined;
    if (error?.code === 'ERR_MODULE_NOT_FOUND' || error?.code === 'MODULE_NOT_FOUND')
      throw new ToolwireError('unsupported', NODE_LLAMA_CPP_MISSING);
    throw error;
  });
  return imported;
}

const engines = new Map<string, Promise<LlamaEngine>>();

/**
 * Loads `options.modelFile` (once per file and settings: backends serving one file share it) on the
 * CPU build of llama.cpp with `threads` threads, and makes its context.
 *
 * @throws ToolwireError `unsupported` when node-llama-cpp is not installed; `invalid_argument` when
 *   the file cannot be read as a GGUF model or llama.cpp's binary cannot load (the reason appended).
 */
export function loadLlamaEngine(options: LlamaEngineOptions): Promise<LlamaEngine> {
  const key = JSON.stringify([options.modelFile, options.threads ?? 1, options.contextSize ?? 0]);
  let engine = engines.get(key);
  if (engine === undefined) {
    engine = load(options);
    engines.set(key, engine);
    engine.catch(() => engines.delete(key));
  }
  return engine;
}

let llamaInstance: Promise<import('node-llama-cpp').Llama> | undefined;

async function load(options: LlamaEngineOptions): Promise<LlamaEngine> {
  const nodeLlamaCpp = await importNodeLlamaCpp();
  const problem = await fileProblem(options.modelFile);
  if (problem !== undefined) {
    throw new ToolwireError('invalid_argument', `cannot load ${options.modelFile}: ${problem}`);
  }
  const threads = options.threads ?? 1;
  let model: LlamaModel;
  try {
    // `build: 'never'`: where no prebuilt binary loads, fail at once instead of compiling llama.cpp.
    llamaInstance ??= nodeLlamaCpp.getLlama({
      maxThreads: threads,
      build: 'never',
      progressLogs: false,
      logLevel: nodeLlamaCpp.LlamaLogLevel.error,
    });
    const llama = await llamaInstance.catch((error) => {
      llamaInstance = undefined;
      throw error;
    });
    model = await llama.loadModel({ modelPath: options.modelFile });
  } catch (error) {
    throw new ToolwireError(
      'invalid_argument',
      `cannot load ${options.modelFile} with node-llama-cpp: ${firstLine(error)}`,
    );
  }
  const contextSize = options.contextSize ?? Math.min(model.trainContextSize, 8192);
  const context = await model.createContext({ threads, contextSize, sequences: 1 });
  const metadata = model.fileInfo.metadata as unknown as Record<string, Record<string, unknown>>;
  const tokenizer = (metadata.tokenizer ?? {}) as Record<string, unknown>;
  const ggml = (tokenizer.ggml ?? {}) as Record<string, unknown>;
  const general = metadata.general ?? {};
  const vocabulary: GgufVocabulary = {
    model: typeof ggml.model === 'string' ? ggml.model : '',
    tokens: Array.isArray(ggml.tokens) ? (ggml.tokens as string[]) : [],
    types: Array.isArray(ggml.token_type) ? (ggml.token_type as number[]) : [],
  };
  const grammars = new Map<string, Promise<LlamaGrammar>>();
  const biases = new WeakMap<readonly number[], TokenBias>();
  let queue: Promise<void> = Promise.resolve();
  return {
    nodeLlamaCpp,
    model,
    sequence: context.getSequence(),
    contextSize: context.contextSize,
    vocabulary,
    chatTemplate: typeof tokenizer.chat_template === 'string' ? tokenizer.chat_template : undefined,
    name: typeof general.name === 'string' ? general.name : undefined,
    bosToken: model.tokens.bosString ?? '',
    eosToken: model.tokens.eosString ?? '',
    guard: new Utf8Guard(vocabulary),
    forbid(tokens) {
      let bias = biases.get(tokens);
      if (bias === undefined) {
        bias = new nodeLlamaCpp.TokenBias(model.tokenizer);
        // `TokenBias.set` ignores end-of-generation tokens, but ending inside a character must be
        // refused too: node-llama-cpp 3 keeps the biases in the `_biases` map it passes to llama.cpp.
        const map = (bias as unknown as { _biases?: unknown })._biases;
        for (const token of tokens)
          if (map instanceof Map) map.set(token, Number.NEGATIVE_INFINITY);
          else bias.set(token as never, 'never');
        biases.set(tokens, bias);
      }
      return bias;
    },
    grammar(gbnf) {
      let grammar = grammars.get(gbnf);
      if (grammar === undefined) {
        grammar = model.llama.createGrammar({ grammar: gbnf });
        // Requests repeat a few grammars; keep the latest 32.
        if (grammars.size >= 32) grammars.delete(grammars.keys().next().value as string);
        grammars.set(gbnf, grammar);
        grammar.catch(() => grammars.delete(gbnf));
      }
      return grammar;
    },
    acquire(signal) {
      let free!: () => void;
      const previous = queue;
      queue = new Promise<void>((resolve) => {
        free = resolve;
      });
      return new Promise((resolve) => {
        const onAbort = () => {
          // Still take the turn in order, then pass it on at once.
          previous.then(free);
          resolve(undefined);
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        previous.then(() => {
          signal.removeEventListener('abort', onAbort);
          if (signal.aborted) return;
          resolve(free);
        });
      });
    },
  };
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n', 1)[0] ?? text;
}

/**
 * Why `file` cannot be given to llama.cpp: it cannot be read, or its GGUF structure is broken
 * (`ggufProblem`: a length past the end of the file makes node-llama-cpp's reader abort the process).
 * `node:fs` is imported here, not at the top, so the gateway's module graph stays web-standard.
 */
async function fileProblem(file: string): Promise<string | undefined> {
  const { open, stat } = await import('node:fs/promises');
  let handle: import('node:fs/promises').FileHandle;
  try {
    // Opening a FIFO waits for a writer, for ever: only a regular file is opened.
    if (!(await stat(file)).isFile()) return 'it is not a regular file';
    handle = await open(file, 'r');
  } catch (error) {
    return `cannot open it (${(error as NodeJS.ErrnoException).code ?? firstLine(error)})`;
  }
  try {
    const { size } = await handle.stat();
    const read: ReadAt = async (position, length) => {
      const buffer = new Uint8Array(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    const problem = await ggufProblem(read, size);
    return problem === undefined ? undefined : `not a well-formed GGUF file: ${problem}`;
  } catch (error) {
    return `cannot read it (${firstLine(error)})`;
  } finally {
    await handle.close();
  }
}
