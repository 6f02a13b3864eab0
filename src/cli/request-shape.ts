import type { ProviderId } from '../providers/provider-converter.js';

/** A field of a request body that only some wire formats have, and those formats. */
interface Clue {
  readonly field: string;
  readonly providers: readonly ProviderId[];
}

const chatLike: readonly ProviderId[] = ['openai-chat', 'mistral', 'ollama'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields of `body` that tell which wire formats it can be (first one per kind, in the order
 * below): `contents` (Gemini), `input` without `messages` (OpenAI Responses), `toolConfig.tools` /
 * `inferenceConfig` or `toolUse` / `toolResult` blocks (Bedrock), a `system` / `developer` / `tool`
 * message or `tool_calls` (OpenAI Chat, Mistral, Ollama), `tool_use` / `tool_result` blocks or a
 * tool with `input_schema` (Anthropic). Reads at most the first 1,000 messages and tools.
 */
export function requestClues(body: unknown): Clue[] {
  if (!isRecord(body)) return [];
  const clues: Clue[] = [];
  if (Array.isArray(body.contents)) clues.push({ field: '"contents"', providers: ['gemini'] });
  if (body.input !== undefined && body.messages === undefined)
    clues.push({ field: '"input"', providers: ['openai-responses'] });
  // Gemini has a `toolConfig` too (`functionCallingConfig`); Bedrock's holds the `tools`.
  if (
    (isRecord(body.toolConfig) && Array.isArray(body.toolConfig.tools)) ||
    body.inferenceConfig !== undefined
  )
    clues.push({ field: '"toolConfig.tools" / "inferenceConfig"', providers: ['bedrock'] });
  const messages = Array.isArray(body.messages) ? body.messages.slice(0, 1000) : [];
  const chatMessage = messages.find(
    (message) =>
      isRecord(message) &&
      (message.role === 'system' ||
        message.role === 'developer' ||
        message.role === 'tool' ||
        message.tool_calls !== undefined),
  );
  if (isRecord(chatMessage)) {
    const field =
      chatMessage.tool_calls !== undefined ? '"tool_calls"' : `a "${String(chatMessage.role)}" message`;
    clues.push({ field, providers: chatLike });
  }
  const blocks = messages.flatMap((message) =>
    isRecord(message) && Array.isArray(message.content) ? message.content.slice(0, 1000) : [],
  );
  if (
    blocks.some((block) => isRecord(block) && (block.toolUse !== undefined || block.toolResult !== undefined))
  )
    clues.push({ field: '"toolUse" / "toolResult" blocks', providers: ['bedrock'] });
  const tools = Array.isArray(body.tools) ? body.tools.slice(0, 1000) : [];
  if (
    blocks.some((block) => isRecord(block) && (block.type === 'tool_use' || block.type === 'tool_result')) ||
    tools.some((tool) => isRecord(tool) && tool.input_schema !== undefined)
  ) {
    clues.push({ field: '"tool_use" / "tool_result" blocks or "input_schema"', providers: ['anthropic'] });
  }
  return clues;
}

/**
 * Why `body` cannot be a `from` request, when one of its fields belongs to other wire formats only:
 * `the body has "contents", which gemini requests have, not anthropic: use --from gemini`. Reading it as
 * `from` would drop what that field holds.
 */
export function requestShapeMismatch(body: unknown, from: ProviderId): string | undefined {
  const clue = requestClues(body).find((candidate) => !candidate.providers.includes(from));
  if (clue === undefined) return undefined;
  const names = clue.providers.join(' / ');
  return `the body has ${clue.field}, which ${names} requests have, not ${from}: use --from ${clue.providers[0]}`;
}
