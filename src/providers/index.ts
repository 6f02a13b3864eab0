/**
 * `toolwire/providers`: canonical messages ↔ seven provider wire formats (OpenAI Chat Completions, OpenAI
 * Responses, Anthropic Messages, Gemini `generateContent`, Bedrock Converse, Mistral chat, Ollama
 * `/api/chat`), both ways, with their stream readers and schema transforms; `repairHistory`, which makes
 * a history one the target provider accepts; `fromParseResult`, a parsed turn as an assistant message.
 * Imports only `types/`, `errors/`, `json/` and `schema/`: never the text-format parsers.
 */

// The data model its API names (calls, events, messages, schemas): its users import those types from it.
export type * from '../types/index.js';
export * from './anthropic/index.js';
export * from './bedrock/index.js';
export * from './canonical/index.js';
export * from './gemini/index.js';
export * from './mistral/index.js';
export * from './ollama/index.js';
export * from './openai-chat/index.js';
export * from './openai-responses/index.js';
export type {
  CanonicalRequest,
  CanonicalResponse,
  Converted,
  FinishReason,
  ProviderConverter,
  ProviderId,
  ProviderStreamReader,
  ToolChoice,
  Usage,
} from './provider-converter.js';
export { getProvider, providerIds } from './registry.js';
export * from './repair/index.js';
export type { StreamEvents } from './shared/accumulate-events.js';
export { readProviderStream } from './shared/read-provider-stream.js';
