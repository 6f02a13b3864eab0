import type { AssistantMessage, Message, ToolDefinition } from '../../types/index.js';
import type { RenderInput } from './prompt-renderer.js';
import { strftime } from './strftime.js';
import { mediaError, toolOutputText } from './text-only.js';

/** One call of an assistant message, as transformers' chat templates read it. */
export interface ChatTemplateToolCall {
  readonly id: string;
  readonly type: 'function';
  /** `arguments` is the arguments object (templates print it with `tojson` or iterate its items). */
  readonly function: { readonly name: string; readonly arguments: unknown };
}

/** One entry of a chat template's `messages` (OpenAI Chat shape with text content). */
export interface ChatTemplateMessage {
  readonly role: 'system' | 'user' | 'assistant' | 'tool';
  readonly content: string;
  readonly tool_calls?: readonly ChatTemplateToolCall[];
  readonly reasoning_content?: string;
  /** The same reasoning under the name gpt-oss's and LFM2.5's templates read (Ollama's field name). */
  readonly thinking?: string;
  readonly tool_call_id?: string;
  readonly name?: string;
}

/** One entry of a chat template's `tools` (OpenAI Chat function tool). */
export interface ChatTemplateTool {
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    readonly description?: string;
    readonly parameters: ToolDefinition['parameters'];
  };
}

/** Special tokens a template prints (`tokenizer_config.json`'s `bos_token` / `eos_token`). */
export interface SpecialTokens {
  readonly bosToken?: string;
  readonly eosToken?: string;
}

function assistantMessages(message: AssistantMessage): ChatTemplateMessage[] {
  if (typeof message.content === 'string') return [{ role: 'assistant', content: message.content }];
  // Parts are the model's output in order: text and invalid calls (what the model wrote) joined as is.
  let content = '';
  let reasoning: string | undefined;
  const calls: ChatTemplateToolCall[] = [];
  const results: ChatTemplateMessage[] = [];
  for (const part of message.content) {
    if (part.type === 'text') content += part.text;
    else if (part.type === 'reasoning') reasoning = (reasoning ?? '') + part.text;
    else if (part.type === 'tool-call-invalid') content += part.raw;
    else if (part.type === 'tool-call')
      calls.push({
        id: part.toolCallId,
        type: 'function',
        function: { name: part.toolName, arguments: part.input },
      });
    else if (part.type === 'tool-result')
      results.push({
        role: 'tool',
        tool_call_id: part.toolCallId,
        name: part.toolName,
        content: toolOutputText(part.output),
      });
    else throw mediaError('an assistant file part');
  }
  const assistant: ChatTemplateMessage = {
    role: 'assistant',
    content,
    ...(calls.length === 0 ? {} : { tool_calls: calls }),
    ...(reasoning === undefined ? {} : { reasoning_content: reasoning }),
    // Not beside a call turn's text: gpt-oss's template refuses a turn with calls that has both (it
    // writes the text as the turn's analysis then).
    ...(reasoning === undefined || (calls.length > 0 && content !== '') ? {} : { thinking: reasoning }),
  };
  return [assistant, ...results];
}

/**
 * Canonical messages as a chat template's `messages`, the shape transformers' `apply_chat_template`
 * passes (OpenAI Chat messages):
 * - `system` as is; `user` text parts joined with `\n` (as vLLM joins text parts) into a string;
 * - `assistant`: text parts and the raw text of `tool-call-invalid` parts joined in order into `content`
 *   (`""` when none), `tool_calls` with `arguments` as the input object, `reasoning_content` (and
 *   `thinking`, except beside a call turn's text) when the message has reasoning parts;
 *   provider-executed `tool-result` parts follow as `tool` messages;
 * - each `tool-result` part as `{role: "tool", tool_call_id, name, content}` (the output as text).
 * Throws `TemplateError` for image and file parts (and media items of tool results).
 */
export function chatTemplateMessages(messages: readonly Message[]): ChatTemplateMessage[] {
  return messages.flatMap(templateMessages);
}

function templateMessages(message: Message): ChatTemplateMessage[] {
  switch (message.role) {
    case 'system':
      return [{ role: 'system', content: message.content }];
    case 'user': {
      if (typeof message.content === 'string') return [{ role: 'user', content: message.content }];
      const texts = message.content.map((part) => {
        if (part.type !== 'text') throw mediaError(`a user ${part.type} part`);
        return part.text;
      });
      return [{ role: 'user', content: texts.join('\n') }];
    }
    case 'assistant':
      return assistantMessages(message);
    case 'tool':
      return message.content.map((part) => ({
        role: 'tool' as const,
        tool_call_id: part.toolCallId,
        name: part.toolName,
        content: toolOutputText(part.output),
      }));
  }
}

/**
 * Tool definitions as a chat template's `tools`:
 * `[{type: "function", function: {name, description, parameters}}]`.
 */
export function chatTemplateTools(tools: readonly ToolDefinition[]): ChatTemplateTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: tool.parameters,
    },
  }));
}

/** Whether a rendering prints the tools: some are given and `toolChoice` is not `none`. */
export function rendersTools(input: Pick<RenderInput, 'tools' | 'toolChoice'>): boolean {
  return input.tools.length > 0 && input.toolChoice.type !== 'none';
}

/**
 * The variables a chat template reads, as transformers' `apply_chat_template` and the servers built on it
 * give them: `messages`, `tools` (absent when none are given or `toolChoice` is `none`: the model is not
 * to call, so the prompt does not offer them, as vLLM's `--exclude-tools-when-tool-choice-none` does),
 * `add_generation_prompt: true`, `bos_token` / `eos_token` (`""` when unknown), `enable_thinking` and
 * `reasoning_effort` from `input.reasoning` when given, and `date_string` (`%d %b %Y` of the date, which
 * llama.cpp gives Llama 3.x templates). Functions (`strftime_now`, `raise_exception`) are added by the
 * renderer. Throws `TemplateError` for media parts.
 */
export function chatTemplateContext(input: RenderInput, tokens: SpecialTokens): Record<string, unknown> {
  const date = input.date ?? new Date();
  const reasoning = input.reasoning;
  return {
    messages: chatTemplateMessages(input.messages),
    ...(rendersTools(input) ? { tools: chatTemplateTools(input.tools) } : {}),
    add_generation_prompt: true,
    bos_token: tokens.bosToken ?? '',
    eos_token: tokens.eosToken ?? '',
    date_string: strftime(date, '%d %b %Y'),
    // `thinking` too: DeepSeek V3.1's own template reads that name (vLLM users pass it in
    // `chat_template_kwargs`), the others `enable_thinking`.
    ...(reasoning === undefined ? {} : { enable_thinking: reasoning.enabled, thinking: reasoning.enabled }),
    ...(reasoning?.effort === undefined ? {} : { reasoning_effort: reasoning.effort }),
  };
}
