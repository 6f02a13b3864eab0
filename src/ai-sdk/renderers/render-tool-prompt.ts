import type {
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3ToolResultOutput,
} from '@ai-sdk/provider';
import type { ToolChoice } from '../../providers/provider-converter.js';
import type { ToolDefinition } from '../../types/tool.js';
import type { RenderedCall, RenderedResult, ToolPromptRenderer } from './tool-prompt-renderer.js';

type AssistantContent = Extract<LanguageModelV3Message, { role: 'assistant' }>['content'];
type UserContent = Extract<LanguageModelV3Message, { role: 'user' }>['content'];

/**
 * The prompt with tools, earlier calls and results written as text the way `renderer` says (see
 * `ToolPromptRenderer`), for a model that reads them from its prompt rather than from API fields.
 *
 * - The tool section goes where the renderer places it; with `toolChoice` `none` it is left out,
 *   with `required` the section ends with an instruction to call a tool, with a named tool only that
 *   tool is listed and the instruction names it (there is no grammar here to force it).
 * - Each assistant `tool-call` part becomes text (`renderer.call`), joined with the turn's text by
 *   `renderer.assistant`; reasoning and file parts are kept in place before it.
 * - Each tool message becomes a user message (`renderer.results`), or stays a tool message with its
 *   output as `text` (`results: 'tool'`; with `resultsRole: 'tool'`, each result's output is
 *   `renderer.results` of that one result). Outputs as text: `text` / `error-text` as they are, `json` /
 *   `error-json` as JSON text, `content` its text items joined by a line break, `execution-denied` its
 *   reason.
 *
 * Pure: the given prompt is not changed. Message order is kept.
 */
export function renderToolPrompt(
  prompt: LanguageModelV3Prompt,
  tools: readonly ToolDefinition[],
  renderer: ToolPromptRenderer,
  toolChoice: ToolChoice = { type: 'auto' },
): LanguageModelV3Prompt {
  const { messages, section } = renderToolTurns(prompt, tools, renderer, toolChoice);
  if (section === undefined) return messages;
  return placeSection(messages, section, renderer);
}

/**
 * `renderToolPrompt` in two pieces: the history with calls and results written as text, and the tool
 * section (`undefined` when no tools are rendered: none given, or `toolChoice` `none`) not yet
 * placed, for a prompt template that puts it where the model's own template does (`renderPromptText`).
 */
export function renderToolTurns(
  prompt: LanguageModelV3Prompt,
  tools: readonly ToolDefinition[],
  renderer: ToolPromptRenderer,
  toolChoice: ToolChoice = { type: 'auto' },
): { messages: LanguageModelV3Message[]; section: string | undefined } {
  const rewrite = rewriteMessage(renderer, callIndexes(prompt));
  const messages =
    renderer.resultsRole === 'assistant' ? intoAssistant(prompt, rewrite) : prompt.map(rewrite);
  return { messages, section: toolSection(tools, renderer, toolChoice) };
}

function toolSection(
  tools: readonly ToolDefinition[],
  renderer: ToolPromptRenderer,
  toolChoice: ToolChoice,
): string | undefined {
  if (toolChoice.type === 'none' || tools.length === 0) return undefined;
  if (toolChoice.type === 'tool') {
    const named = tools.filter((tool) => tool.name === toolChoice.toolName);
    return `${renderer.section(named)}\n\nYou must call the function "${toolChoice.toolName}" now.`;
  }
  if (toolChoice.type === 'required')
    return `${renderer.section(tools)}\n\nYou must call at least one of these functions now.`;
  return renderer.section(tools);
}

export function placeSection(
  messages: LanguageModelV3Message[],
  section: string,
  renderer: ToolPromptRenderer,
): LanguageModelV3Prompt {
  switch (renderer.placement) {
    case 'own-system':
      return [{ role: 'system', content: renderer.join(section, undefined) }, ...messages];
    case 'system': {
      const index = messages.findIndex((message) => message.role === 'system');
      const system = messages[index];
      if (system === undefined || system.role !== 'system')
        return [{ role: 'system', content: renderer.join(section, undefined) }, ...messages];
      return replaceAt(messages, index, { ...system, content: renderer.join(section, system.content) });
    }
    case 'first-user':
    case 'last-user': {
      const users = messages.flatMap((message, index) => (message.role === 'user' ? [index] : []));
      const index = renderer.placement === 'first-user' ? users[0] : users.at(-1);
      const user = index === undefined ? undefined : messages[index];
      if (index === undefined || user === undefined || user.role !== 'user')
        return [
          ...messages,
          { role: 'user', content: [{ type: 'text', text: renderer.join(section, undefined) }] },
        ];
      return replaceAt(messages, index, {
        ...user,
        content: prefixUserText(user.content, section, renderer),
      });
    }
  }
}

/** The section joined to the user message's first text part (a new first part when it has none). */
function prefixUserText(content: UserContent, section: string, renderer: ToolPromptRenderer): UserContent {
  const index = content.findIndex((part) => part.type === 'text');
  const part = content[index];
  if (part === undefined || part.type !== 'text')
    return [{ type: 'text', text: renderer.join(section, undefined) }, ...content];
  return replaceAt(content, index, { ...part, text: renderer.join(section, part.text) });
}

/** A copy of `items` with `items[index]` replaced (`Array.prototype.with` is ES2023). */
function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  const copy = items.slice();
  copy[index] = item;
  return copy;
}

/**
 * The rewritten messages with each tool message's rendered results appended to the text of the
 * assistant turn before it (a new assistant turn when there is none).
 */
function intoAssistant(
  prompt: LanguageModelV3Prompt,
  rewrite: (message: LanguageModelV3Message) => LanguageModelV3Message,
): LanguageModelV3Message[] {
  const messages: LanguageModelV3Message[] = [];
  for (const message of prompt) {
    const rewritten = rewrite(message);
    const previous = messages.at(-1);
    if (message.role !== 'tool' || rewritten.role !== 'user' || previous?.role !== 'assistant') {
      messages.push(
        message.role === 'tool' && rewritten.role === 'user'
          ? { role: 'assistant', content: rewritten.content.filter((part) => part.type === 'text') }
          : rewritten,
      );
      continue;
    }
    const text = rewritten.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    const content = previous.content.slice();
    const last = content.at(-1);
    if (last?.type === 'text') content[content.length - 1] = { ...last, text: last.text + text };
    else content.push({ type: 'text', text });
    messages[messages.length - 1] = { ...previous, content };
  }
  return messages;
}

/** Each call id's position among the conversation's calls (the first call with that id). */
function callIndexes(prompt: LanguageModelV3Prompt): Map<string, number> {
  const indexes = new Map<string, number>();
  let next = 0;
  for (const message of prompt)
    if (message.role === 'assistant')
      for (const part of message.content)
        if (part.type === 'tool-call') {
          if (!indexes.has(part.toolCallId)) indexes.set(part.toolCallId, next);
          next += 1;
        }
  return indexes;
}

const rewriteMessage =
  (renderer: ToolPromptRenderer, indexes: Map<string, number>) =>
  (message: LanguageModelV3Message): LanguageModelV3Message => {
    if (message.role === 'assistant') return rewriteAssistant(message, renderer, indexes);
    if (message.role !== 'tool') return message;
    type ResultPart = Extract<(typeof message.content)[number], { type: 'tool-result' }>;
    const rendered = (part: ResultPart): RenderedResult => ({
      id: part.toolCallId,
      name: part.toolName,
      text: outputText(part.output),
      callIndex: indexes.get(part.toolCallId) ?? -1,
    });
    const write = renderer.results;
    if (write === 'tool' || renderer.resultsRole === 'tool')
      return {
        ...message,
        content: message.content.map((part) => {
          if (part.type !== 'tool-result') return part;
          const result = rendered(part);
          return {
            ...part,
            output: { type: 'text', value: write === 'tool' ? result.text : write([result]) },
          };
        }),
      };
    const results = message.content.flatMap((part) => (part.type === 'tool-result' ? [rendered(part)] : []));
    const text = write(results);
    return renderer.resultsRole === 'system'
      ? { role: 'system', content: text }
      : { role: 'user', content: [{ type: 'text', text }] };
  };

function rewriteAssistant(
  message: Extract<LanguageModelV3Message, { role: 'assistant' }>,
  renderer: ToolPromptRenderer,
  indexes: Map<string, number>,
): LanguageModelV3Message {
  if (!message.content.some((part) => part.type === 'tool-call')) return message;
  const kept: AssistantContent = [];
  const calls: string[] = [];
  let text = '';
  for (const part of message.content) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'tool-call')
      calls.push(renderer.call(renderedCall(part, indexes.get(part.toolCallId) ?? 0)));
    else if (part.type !== 'tool-result') kept.push(part);
  }
  kept.push({ type: 'text', text: renderer.assistant(text, calls) });
  return { ...message, content: kept };
}

function renderedCall(
  part: { toolCallId: string; toolName: string; input: unknown },
  index: number,
): RenderedCall {
  let input = part.input;
  if (typeof input === 'string') {
    try {
      input = JSON.parse(input);
    } catch {
      input = { input };
    }
  }
  const object =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {};
  return { id: part.toolCallId, name: part.toolName, input: object, index };
}

/** A tool result's output as the text a chat template receives as the tool message's `content`. */
export function outputText(output: LanguageModelV3ToolResultOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value);
    case 'execution-denied':
      return output.reason ?? 'Tool execution denied.';
    case 'content':
      // Text items joined by a line break, as vLLM and llama.cpp's server join a message's text parts.
      return output.value.flatMap((item) => (item.type === 'text' ? [item.text] : [])).join('\n');
  }
}
