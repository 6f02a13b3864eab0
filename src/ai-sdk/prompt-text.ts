import type { LanguageModelV3Message, LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { ToolChoice } from '../providers/provider-converter.js';
import type { ToolDefinition } from '../types/tool.js';
import { outputText, placeSection, renderToolTurns } from './renderers/render-tool-prompt.js';
import type { ToolPromptRenderer } from './renderers/tool-prompt-renderer.js';

/**
 * One message of the rewritten prompt as plain text: what a chat template's `messages` entry holds
 * once tools, calls and results are text (`role`, `content`; a tool message's `name` and call `id`).
 * `source` is the role the message had in the AI SDK prompt (a `user` message written from tool
 * results has `source: "tool"`), for templates that print such turns under a role of their own.
 */
export interface PlainMessage {
  readonly role: 'system' | 'user' | 'assistant' | 'tool';
  readonly content: string;
  readonly source: 'system' | 'user' | 'assistant' | 'tool';
  readonly name?: string;
  readonly id?: string;
  /** An assistant turn's reasoning (its reasoning parts joined), for templates that print it. */
  readonly reasoning?: string;
}

/** What a prompt template writes the whole prompt from. */
export interface PromptTextContext {
  /** The rewritten messages with the tool section placed where the renderer places it. */
  readonly messages: readonly PlainMessage[];
  /** The same messages without the tool section (for templates that print it in a turn of their own). */
  readonly history: readonly PlainMessage[];
  /** The tool section; `undefined` when no tools are rendered (none given, or `toolChoice` `none`). */
  readonly section: string | undefined;
  /** The date templates that read the clock print (`strftime_now`); `undefined`: their fixed fallback. */
  readonly date: Date | undefined;
}

/**
 * A model's whole chat template for a raw-text endpoint (`/v1/completions`): the tool renderer for
 * the tool section, calls and results, and `text`, which writes every turn with the model's role
 * markers, the text the template itself adds (headers, default system text, a developer turn), and
 * the generation prompt. `models`: case-insensitive substrings of model names it is for.
 */
export interface PromptTemplate {
  readonly id: string;
  readonly format: string;
  readonly models: readonly string[];
  readonly renderer: ToolPromptRenderer;
  text(context: PromptTextContext): string;
}

/** Options of `renderPromptText`. */
export interface PromptTextOptions {
  readonly toolChoice?: ToolChoice;
  /** The date for templates that print today's date; default: the template's fixed fallback text. */
  readonly date?: Date;
}

/**
 * The whole prompt as the model's own chat template renders it (generation prompt included), for an
 * endpoint that takes raw text: the AI SDK prompt rewritten by `renderToolTurns` with the template's
 * renderer, then written out by `template.text`. Checked against the real templates in
 * `test/ai-sdk/prompt-text-check.test.ts` (whitespace differences listed per template). Pure.
 */
export function renderPromptText(
  prompt: LanguageModelV3Prompt,
  tools: readonly ToolDefinition[],
  template: PromptTemplate,
  options: PromptTextOptions = {},
): string {
  const { messages, section } = renderToolTurns(prompt, tools, template.renderer, options.toolChoice);
  const placed = section === undefined ? messages : placeSection(messages, section, template.renderer);
  // `source` is known while messages and prompt line up (results merged into the assistant turn
  // change the count); a placement that adds a message adds it first, or last after the last user.
  const sources =
    messages.length === prompt.length ? prompt.map((message) => message.role) : messages.map((m) => m.role);
  const added = placed.length - messages.length;
  const placedSources =
    added === 0
      ? sources
      : placed[0] === messages[0]
        ? [...sources, 'user' as const]
        : [placed[0]?.role ?? 'system', ...sources];
  return template.text({
    messages: plainMessages(placed, placedSources),
    history: plainMessages(messages, sources),
    section,
    date: options.date,
  });
}

function plainMessages(
  messages: readonly LanguageModelV3Message[],
  sources: readonly PlainMessage['source'][],
): PlainMessage[] {
  return messages.flatMap((message, index): PlainMessage[] => {
    const source = sources[index] ?? message.role;
    if (message.role === 'system') return [{ role: 'system', content: message.content, source }];
    if (message.role === 'tool')
      return message.content.flatMap((part) =>
        part.type === 'tool-result'
          ? [
              {
                role: 'tool' as const,
                content: outputText(part.output),
                source,
                name: part.toolName,
                id: part.toolCallId,
              },
            ]
          : [],
      );
    // A user's text parts are separate texts (as vLLM and the Jinja path join them, with a line
    // break: "</system-reminder>" and the prompt after it stay apart); an assistant's are its output
    // in order, joined as written.
    const texts = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []));
    const content = texts.join(message.role === 'user' ? '\n' : '');
    if (message.role === 'assistant') {
      const reasoning = message.content.flatMap((part) => (part.type === 'reasoning' ? [part.text] : []));
      if (reasoning.length > 0)
        return [{ role: message.role, content, source, reasoning: reasoning.join('') }];
    }
    return [{ role: message.role, content, source }];
  });
}
