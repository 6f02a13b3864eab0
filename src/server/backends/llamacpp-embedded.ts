import { ToolwireError } from '../../errors/index.js';
import {
  type Backend,
  type BackendCapabilities,
  type BackendChunk,
  type BackendConfig,
  BackendError,
  type BackendGrammar,
  type GenerateRequest,
} from './backend.js';
import { type LlamaEngine, loadLlamaEngine } from './llama-engine.js';
import { usableGrammar } from './request-fields.js';
import { InvalidUtf8Error, StrictTokenDecoder } from './token-bytes.js';
import { WordWatch } from './word-watch.js';

/** Sampling defaults where the request sets none: llama.cpp server's (`temperature` 0.8, `top_k` 40, `top_p` 0.95). */
const defaults = { temperature: 0.8, topK: 40, topP: 0.95 };

/**
 * A backend that generates in this process: a GGUF model (`config.modelFile`) loaded through
 * node-llama-cpp, on one thread unless `config.threads` says more. The model is loaded on the first
 * generation (or pass `engine`, e.g. from `loadLlamaEngine`, to load it before); generations take
 * turns on one context.
 *
 * Each generation tokenizes the rendered prompt (special tokens parsed), samples with the request's
 * `temperature` / `topP` / `topK` / `seed` (llama.cpp server's defaults where unset), and applies the
 * gateway's GBNF grammar with llama.cpp's grammar sampler. node-llama-cpp has no lazy grammar, so a
 * lazy one is applied here: output is sampled free and watched for the trigger words; at the first
 * trigger the text before it is kept (it is content), the sequence is rewound to it, and sampling
 * goes on under the grammar, whose root starts with the trigger. Stop strings end the output before
 * them (`stopSequence` says which); `maxTokens` (default: what the context has room for) ends it with
 * finish `length`. Text is decoded from the tokens' bytes strictly: bytes that are not UTF-8 end the
 * generation with BackendError `backend_protocol`, never a replacement character in a tool call.
 *
 * @throws ToolwireError `invalid_argument` when `config.modelFile` is not a non-empty string.
 */
export function llamaCppEmbeddedBackend(config: BackendConfig, engine?: Promise<LlamaEngine>): Backend {
  const modelFile = config.modelFile;
  if (typeof modelFile !== 'string' || modelFile === '')
    throw new ToolwireError('invalid_argument', 'backend modelFile must be the path of a GGUF file');
  const capabilities: BackendCapabilities = { grammar: 'gbnf', lazyGrammar: true, seed: true, topK: true };
  let loaded = engine;
  const load = () => {
    loaded ??= loadLlamaEngine({
      modelFile,
      ...(config.threads === undefined ? {} : { threads: config.threads }),
      ...(config.contextSize === undefined ? {} : { contextSize: config.contextSize }),
    });
    return loaded.catch((error: Error) => {
      loaded = undefined;
      throw new BackendError('backend_unreachable', error.message);
    });
  };
  return {
    kind: 'llamacpp-embedded',
    capabilities,
    generate(request: GenerateRequest): AsyncIterable<BackendChunk> {
      const grammar = usableGrammar(request, capabilities);
      return generation(load, request, grammar);
    },
  };
}

async function* generation(
  load: () => Promise<LlamaEngine>,
  request: GenerateRequest,
  grammar: BackendGrammar | undefined,
): AsyncGenerator<BackendChunk> {
  if (request.signal.aborted) return;
  const engine = await load();
  const release = await engine.acquire(request.signal);
  if (release === undefined) return;
  try {
    yield* sample(engine, request, grammar);
  } catch (error) {
    if (error instanceof InvalidUtf8Error) throw new BackendError('backend_protocol', error.message);
    throw error;
  } finally {
    release();
  }
}

async function* sample(
  engine: LlamaEngine,
  request: GenerateRequest,
  grammar: BackendGrammar | undefined,
): AsyncGenerator<BackendChunk> {
  const { model, sequence, nodeLlamaCpp } = engine;
  const { params, signal } = request;
  await sequence.clearHistory();
  const prompt = model.tokenize(request.prompt, true);
  const room = engine.contextSize - prompt.length;
  if (prompt.length === 0) throw new BackendError('backend_status', 'the prompt is empty');
  if (room <= 0) {
    throw new BackendError(
      'context_length_exceeded',
      `prompt is too long: ${prompt.length} tokens > ${engine.contextSize - 1} maximum (the context holds ${engine.contextSize} tokens, prompt and answer)`,
    );
  }
  const limit = Math.min(params.maxTokens ?? room, room);
  const compiled = grammar === undefined ? undefined : await engine.grammar(grammar.gbnf);
  const newState = () =>
    compiled === undefined
      ? undefined
      : new nodeLlamaCpp.LlamaGrammarEvaluationState({ model, grammar: compiled });
  const guard = engine.guard;
  guard.reset();
  const options = {
    tokenBias: () => engine.forbid(guard.forbiddenNext()),
    temperature: params.temperature ?? defaults.temperature,
    topK: params.topK ?? defaults.topK,
    topP: params.topP ?? defaults.topP,
    ...(params.seed === undefined ? {} : { seed: params.seed }),
  };
  const stops = new WordWatch(params.stop ?? []);
  let triggers = grammar?.lazy === true ? new WordWatch(grammar.triggers) : undefined;
  let state = triggers === undefined ? newState() : undefined;
  let input = prompt;
  let decoder = new StrictTokenDecoder(engine.vocabulary);
  let count = 0;
  let before = '';
  const usage = () => ({ promptTokens: prompt.length, completionTokens: count });
  for (;;) {
    let triggered = false;
    for await (const token of sequence.evaluate(input, { ...options, grammarEvaluationState: state })) {
      if (signal.aborted) return;
      count++;
      guard.accept(token);
      let text = decoder.push(token);
      if (triggers !== undefined) {
        const seen = triggers.push(text);
        before += seen.text;
        text = seen.text;
        triggered = seen.word !== undefined;
      }
      const out = stops.push(text);
      if (out.text !== '') yield { type: 'text', text: out.text };
      if (out.word !== undefined) {
        yield { type: 'done', finishReason: 'stop', usage: usage(), stopSequence: out.word };
        return;
      }
      if (triggered) break;
      if (count >= limit) {
        yield* flushed(stops, triggers);
        yield { type: 'done', finishReason: 'length', usage: usage() };
        return;
      }
    }
    if (signal.aborted) return;
    if (!triggered) break;
    // The trigger starts the grammar: rewind to the text before it and sample it again under the
    // grammar (its root begins with the trigger), as llama.cpp's lazy grammar does in one pass.
    // The prompt's last token is evaluated again too, so there is something to sample after even
    // when the trigger came first.
    const last = prompt.length - 1;
    await sequence.eraseContextTokenRanges([{ start: last, end: sequence.nextTokenIndex }]);
    const kept = model.tokenize(before, false);
    input = [...prompt.slice(last), ...kept];
    count = kept.length;
    triggers = undefined;
    state = newState();
    decoder = new StrictTokenDecoder(engine.vocabulary);
    guard.reset();
    if (count >= limit) {
      yield* flushed(stops, undefined);
      yield { type: 'done', finishReason: 'length', usage: usage() };
      return;
    }
  }
  decoder.end();
  const stopped = yield* flushed(stops, triggers);
  yield {
    type: 'done',
    finishReason: 'stop',
    usage: usage(),
    ...(stopped === undefined ? {} : { stopSequence: stopped }),
  };
}

/**
 * Gives out the text the watches held at the end (a trigger's start that never completed is
 * content); returns the stop string it completes, if any.
 */
function* flushed(
  stops: WordWatch,
  triggers: WordWatch | undefined,
): Generator<BackendChunk, string | undefined> {
  const out = stops.push(triggers === undefined ? '' : triggers.flush());
  if (out.text !== '') yield { type: 'text', text: out.text };
  if (out.word !== undefined) return out.word;
  const rest = stops.flush();
  if (rest !== '') yield { type: 'text', text: rest };
  return undefined;
}
