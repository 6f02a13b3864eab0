import { Ollama } from 'ollama';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { mulberry32, type ReplayBackend, splitText, startReplayBackend } from './replay-backend.js';

// The replay server stands in for vLLM, llama.cpp and Ollama in the gateway's tests, so its wire
// shape is checked here with the official clients that read those protocols.
const output = 'Zürich 🌧 <tool_call>{"a": "😀😀"}</tool_call>';
let server: ReplayBackend | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('replay server wire shapes, read by official clients', () => {
  it('serves OpenAI Completions chunks the openai client reads, with usage and finish_reason', async () => {
    server = await startReplayBackend({
      recordings: [{ output, finishReason: 'length', usage: { promptTokens: 3, completionTokens: 9 } }],
    });
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'k', maxRetries: 0 });
    const stream = await client.completions.create({
      model: 'm',
      prompt: 'p',
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    const finish: (string | null)[] = [];
    let usage: unknown;
    for await (const chunk of stream) {
      for (const choice of chunk.choices) {
        text += choice.text;
        if (choice.finish_reason !== null) finish.push(choice.finish_reason);
      }
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe(output);
    expect(finish).toEqual(['length']);
    expect(usage).toEqual({ prompt_tokens: 3, completion_tokens: 9, total_tokens: 12 });
  });

  it('serves Chat Completions chunks the openai client reads, reasoning first', async () => {
    server = await startReplayBackend({ recordings: [{ output, reasoning: 'hmm 🤔' }] });
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'k', maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    let text = '';
    let reasoning = '';
    const finish: (string | null)[] = [];
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      if (choice === undefined) continue;
      text += choice.delta.content ?? '';
      reasoning += (choice.delta as { reasoning_content?: string }).reasoning_content ?? '';
      if (choice.finish_reason !== null) finish.push(choice.finish_reason);
    }
    expect([reasoning, text, finish]).toEqual(['hmm 🤔', output, ['stop']]);
  });

  it('serves Ollama generate lines the ollama client reads', async () => {
    server = await startReplayBackend({
      recordings: [{ output, usage: { promptTokens: 4, completionTokens: 6 } }],
    });
    const client = new Ollama({ host: server.url });
    const parts = await client.generate({ model: 'm', prompt: 'p', raw: true, stream: true });
    let text = '';
    const last: unknown[] = [];
    for await (const part of parts) {
      text += part.response;
      if (part.done) last.push([part.done_reason, part.prompt_eval_count, part.eval_count]);
    }
    expect(text).toBe(output);
    expect(last).toEqual([['stop', 4, 6]]);
  });

  it('answers a prompt other than the expected one with 400 and where it differs', async () => {
    server = await startReplayBackend({ recordings: [{ output, expectPrompt: 'abcdef' }] });
    const response = await fetch(`${server.url}/completion`, {
      method: 'POST',
      body: JSON.stringify({ prompt: 'abcxyz', stream: true }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        message: 'prompt differs from the recording at UTF-16 offset 3: expected "def", got "xyz"',
        code: 400,
      },
    });
  });
});

describe('splitText', () => {
  it('cuts text into 1..max pieces that join back, never between surrogate halves', () => {
    const text = '😀a😀😀b🌧'.repeat(50);
    for (const seed of [1, 2, 3, 4, 5]) {
      const pieces = splitText(text, mulberry32(seed), 3);
      expect(pieces.join('')).toBe(text);
      for (const piece of pieces) {
        expect(piece.length).toBeGreaterThanOrEqual(1);
        expect(piece.length).toBeLessThanOrEqual(4);
        // A lone surrogate does not survive UTF-8 (it becomes U+FFFD).
        expect(Buffer.from(piece, 'utf8').toString('utf8')).toBe(piece);
      }
    }
  });
});
