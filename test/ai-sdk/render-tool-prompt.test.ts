/**
 * `renderToolPrompt`'s placement of results (`resultsRole`) and the call numbers it hands renderers
 * (`index`, `callIndex`), on a minimal renderer that prints them.
 */
import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import {
  genericRenderer,
  rendererFor,
  renderToolPrompt,
  type ToolPromptRenderer,
} from '../../src/ai-sdk/index.js';
import { getFormat } from '../../src/formats/index.js';

const base: ToolPromptRenderer = {
  placement: 'system',
  section: () => 'TOOLS',
  join: (section) => section,
  call: (call) => `[call ${call.index} ${call.name}]`,
  assistant: (text, calls) => `${text}${calls.join('')}`,
  results: (results) => results.map((result) => `[result ${result.callIndex} ${result.text}]`).join(''),
};

const call = (toolCallId: string) => ({ type: 'tool-call' as const, toolCallId, toolName: 'f', input: {} });
const result = (toolCallId: string, value: string) => ({
  type: 'tool-result' as const,
  toolCallId,
  toolName: 'f',
  output: { type: 'text' as const, value },
});

const prompt: LanguageModelV3Prompt = [
  { role: 'assistant', content: [{ type: 'text', text: 'a' }, call('x'), call('y')] },
  { role: 'tool', content: [result('y', 'Y'), result('x', 'X')] },
  { role: 'tool', content: [result('unknown', 'U')] },
];

describe('renderToolPrompt', () => {
  it('numbers calls across the conversation and gives each result its call number (-1: none)', () => {
    expect(renderToolPrompt(prompt, [], base)).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'a[call 0 f][call 1 f]' }] },
      { role: 'user', content: [{ type: 'text', text: '[result 1 Y][result 0 X]' }] },
      { role: 'user', content: [{ type: 'text', text: '[result -1 U]' }] },
    ]);
  });

  it('appends results to the assistant turn before them with resultsRole "assistant"', () => {
    const started: LanguageModelV3Prompt = [{ role: 'tool', content: [result('z', 'Z')] }, ...prompt];
    expect(renderToolPrompt(started, [], { ...base, resultsRole: 'assistant' })).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: '[result -1 Z]' }] },
      {
        role: 'assistant',
        content: [{ type: 'text', text: 'a[call 0 f][call 1 f][result 1 Y][result 0 X][result -1 U]' }],
      },
    ]);
  });

  it('keeps tool messages with each result rendered alone with resultsRole "tool"', () => {
    expect(renderToolPrompt(prompt.slice(1), [], { ...base, resultsRole: 'tool' })).toEqual([
      {
        role: 'tool',
        content: [
          { ...result('y', 'Y'), output: { type: 'text', value: '[result -1 Y]' } },
          { ...result('x', 'X'), output: { type: 'text', value: '[result -1 X]' } },
        ],
      },
      {
        role: 'tool',
        content: [{ ...result('unknown', 'U'), output: { type: 'text', value: '[result -1 U]' } }],
      },
    ]);
  });

  it('makes results system messages with resultsRole "system"', () => {
    expect(renderToolPrompt(prompt.slice(1, 2), [], { ...base, resultsRole: 'system' })).toEqual([
      { role: 'system', content: '[result -1 Y][result -1 X]' },
    ]);
  });
});

describe('rendererFor', () => {
  const tools = [
    { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
  ];
  const history: LanguageModelV3Prompt = [
    { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] },
    ...prompt,
  ];

  it('gives deepseek_r1 the DeepSeek-R1 prompt, not the generic one (it fell back to the generic renderer)', () => {
    const r1 = renderToolPrompt(history, tools, rendererFor(getFormat('deepseek_r1')));
    expect(r1).toEqual(
      renderToolPrompt(history, tools, rendererFor(getFormat('deepseek_v3'), 'DeepSeek-R1')),
    );
    expect(r1).not.toEqual(
      renderToolPrompt(history, tools, genericRenderer(getFormat('deepseek_r1').example)),
    );
  });
});
