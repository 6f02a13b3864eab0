import type { LanguageModelV3Message } from '@ai-sdk/provider';
import { rendererFor, renderToolPrompt } from '../../ai-sdk/index.js';
import { getFormat } from '../../formats/index.js';
import { openaiChat, type ToolChoice } from '../../providers/index.js';
import type { Message, ToolDefinition } from '../../types/index.js';
import { languageModelPrompt } from '../template/language-model-prompt.js';
import type { ReasoningSwitch } from './reasoning-switch.js';
import type { ResponseFormat } from './turn-request.js';

/** What an `openai-chat-passthrough` request carries of the turn. */
export interface PassthroughTurn {
  readonly messages: readonly Message[];
  /** The tools offered (none when `tool_choice` is `none`). */
  readonly tools: readonly ToolDefinition[];
  readonly toolChoice: ToolChoice;
  readonly parallelToolCalls: boolean;
  /** The served model's format id and name: they pick the tool prompt `toolsIn: 'system'` writes. */
  readonly format: string;
  readonly model: string;
  /** Sent as `response_format` (a JSON answer the server can constrain). */
  readonly responseFormat: ResponseFormat;
  /** Its effort level is sent as `reasoning_effort`; absent or off: the server's default. */
  readonly reasoning?: ReasoningSwitch;
}

/**
 * The Chat Completions fields (`messages`, and `tools`, `tool_choice`, `parallel_tool_calls` when
 * tools are offered; `tool_choice` only when not `auto`, `parallel_tool_calls` only when `false`;
 * `response_format` when asked and no tools are offered, and a `reasoning_effort` level) an
 * `openai-chat-passthrough` backend is sent.
 *
 * `toolsIn: 'tools'` forwards them as OpenAI fields, for a server that renders tools with its own
 * template. `toolsIn: 'system'` is for a server that refuses `tools` (and with them `tool_calls` and
 * `tool` messages): the tool section goes into the system message as toolwire's prompt renderer
 * for the format writes it (`renderToolPrompt` of `toolwire/ai-sdk`), earlier calls become
 * assistant text in the format's own syntax, and results become user text (merged with a user
 * message next to them, blank-line separated, for templates that insist on alternating roles);
 * reasoning in history is left out, as chat templates drop it from earlier turns.
 */
export function passthroughChat(turn: PassthroughTurn, toolsIn: 'tools' | 'system'): Record<string, unknown> {
  return { ...toolFields(turn, toolsIn), ...answerFields(turn) };
}

/**
 * `response_format` and `reasoning_effort` in OpenAI's shapes, for what the request asked: the server
 * renders its own template and constrains its own sampling. `response_format` only when no tools are
 * offered: vLLM and Ollama apply it to the whole output, so the model could no longer write a call (the
 * gateway checks the answer instead). A reasoning effort only as a level: vLLM refuses `none`, and a
 * template's thinking switch (`enable_thinking`) is not an OpenAI field.
 */
function answerFields(turn: PassthroughTurn): Record<string, unknown> {
  const format = turn.tools.length > 0 ? ({ type: 'text' } as const) : turn.responseFormat;
  const effort = turn.reasoning?.enabled === true ? turn.reasoning.effort : undefined;
  return {
    ...(format.type === 'json_object' ? { response_format: { type: 'json_object' } } : {}),
    ...(format.type === 'json_schema'
      ? {
          response_format: {
            type: 'json_schema',
            json_schema: { name: format.name, schema: format.schema, strict: format.strict },
          },
        }
      : {}),
    ...(effort === undefined ? {} : { reasoning_effort: effort }),
  };
}

/** `messages` with the tools as `toolsIn` says. */
function toolFields(turn: PassthroughTurn, toolsIn: 'tools' | 'system'): Record<string, unknown> {
  if (toolsIn === 'system') {
    const renderer = rendererFor(getFormat(turn.format), turn.model);
    const rendered = renderToolPrompt(
      languageModelPrompt(turn.messages),
      turn.tools,
      renderer,
      turn.toolChoice,
    );
    return { messages: mergeUserRuns(rendered.map(textMessage)) };
  }
  const offered = turn.tools.length > 0;
  const { value } = openaiChat.toRequest({
    messages: turn.messages,
    ...(offered
      ? { tools: turn.tools, toolChoice: turn.toolChoice, parallelToolCalls: turn.parallelToolCalls }
      : {}),
  });
  const body = value as unknown as Record<string, unknown>;
  if (!offered) return { messages: body.messages };
  // `auto` and parallel calls are what a server assumes with `tools`; sent anyway, they make vLLM
  // without `--enable-auto-tool-choice` (its parser off, as this backend needs it) refuse the request.
  return {
    messages: body.messages,
    tools: body.tools,
    ...(body.tool_choice === 'auto' ? {} : { tool_choice: body.tool_choice }),
    ...(body.parallel_tool_calls === false ? { parallel_tool_calls: false } : {}),
  };
}

/** One rendered message as a plain-text chat message (a tool message becomes user text). */
function textMessage(message: LanguageModelV3Message): { role: string; content: string } {
  if (message.role === 'system') return { role: 'system', content: message.content };
  const text = message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return { role: message.role === 'assistant' ? 'assistant' : 'user', content: text };
}

/** Adjacent user messages as one, their texts separated by a blank line. */
function mergeUserRuns(
  messages: Array<{ role: string; content: string }>,
): Array<{ role: string; content: string }> {
  const merged: Array<{ role: string; content: string }> = [];
  for (const message of messages) {
    const last = merged.at(-1);
    if (last !== undefined && last.role === 'user' && message.role === 'user')
      last.content = `${last.content}\n\n${message.content}`;
    else merged.push({ ...message });
  }
  return merged;
}
