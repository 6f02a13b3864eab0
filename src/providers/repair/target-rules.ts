import type { ProviderId } from '../provider-converter.js';
import type { WireRule } from './wire-names.js';

/** Every target `repairHistory` knows, in the order of `ProviderId`. */
export const PROVIDER_IDS: readonly ProviderId[] = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
  'bedrock',
  'mistral',
  'ollama',
];

/** The `providerOptions` keys of the providers toolwire knows (see `src/types/message.ts`). */
export const PROVIDER_METADATA_KEYS: readonly string[] = ['anthropic', 'openai', 'google', 'bedrock'];

/** The `providerOptions` key a target reads (Mistral and Ollama have none). */
export function metadataKeyOf(target: ProviderId): string | undefined {
  switch (target) {
    case 'openai-chat':
    case 'openai-responses':
      return 'openai';
    case 'anthropic':
      return 'anthropic';
    case 'gemini':
      return 'google';
    case 'bedrock':
      return 'bedrock';
    case 'mistral':
    case 'ollama':
      return undefined;
    default: {
      const unreachable: never = target;
      throw new Error(`unhandled target ${String(unreachable)}`);
    }
  }
}

const wordCharacters = /^[a-zA-Z0-9_-]+$/;
const replaceNonWord = (text: string): string => text.replace(/[^a-zA-Z0-9_-]/g, '_');

/** `[a-zA-Z0-9_-]{1,maxLength}`: Anthropic and Bedrock ids, OpenAI, Anthropic and Bedrock names. */
function wordRule(maxLength: number, empty: string): WireRule {
  return {
    accepts: (text) => text.length <= maxLength && wordCharacters.test(text),
    sanitize: (text) => (text === '' ? empty : replaceNonWord(text)),
    maxLength,
  };
}

/** What an empty tool name becomes (providers reject empty names; deer-flow PR#4008 does the same). */
export const UNKNOWN_TOOL_NAME = 'unknown_tool';

const mistralIds: WireRule = {
  accepts: (text) => /^[a-zA-Z0-9]{9}$/.test(text),
  sanitize: (text) => text,
  maxLength: 9,
  hashOnly: 9,
};

const openAIIds: WireRule = {
  accepts: (text) => text.length >= 1 && text.length <= 40,
  sanitize: (text) => (text === '' ? '_' : text),
  maxLength: 40,
};

const geminiNames: WireRule = {
  accepts: (text) => /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/.test(text),
  sanitize: (text) => {
    if (text === '') return UNKNOWN_TOOL_NAME;
    const replaced = replaceNonWord(text);
    return /^[a-zA-Z_]/.test(replaced) ? replaced : `_${replaced}`;
  },
  maxLength: 64,
};

/**
 * The id rule of a target (H7), `undefined` where any id goes:
 * - Mistral: exactly 9 of `[a-zA-Z0-9]` (providers.md §6e; error code 3280), so every other id is
 *   hashed to 9 base62 characters (never "the first 9 characters": every Bedrock id starts with
 *   `tooluse`, so those would collide);
 * - Anthropic: `^[a-zA-Z0-9_-]+$` (§3e); no length limit is documented, 64 (Bedrock's) is kept as the
 *   safe bound [unverified];
 * - Bedrock: `[a-zA-Z0-9_-]{1,64}` (§5e, the stricter of the two patterns seen);
 * - OpenAI Chat and Responses: at most 40 characters (§1e, vercel/ai#5171 `string_above_max_length`);
 * - Gemini, Ollama: no rule (§4e, §7e).
 */
export function idRuleOf(target: ProviderId): WireRule | undefined {
  switch (target) {
    case 'mistral':
      return mistralIds;
    case 'anthropic':
    case 'bedrock':
      return wordRule(64, '_');
    case 'openai-chat':
    case 'openai-responses':
      return openAIIds;
    default:
      return undefined;
  }
}

/**
 * The tool-name rule of a target (H8), `undefined` where any name goes:
 * - OpenAI Chat, Responses, Mistral: `^[a-zA-Z0-9_-]{1,64}$` (§1a; Mistral "OpenAI-like" [unverified]);
 * - Anthropic: `^[a-zA-Z0-9_-]{1,128}$` today, 64 in earlier docs: 64 kept as the safe bound (§3a);
 * - Bedrock: `[a-zA-Z0-9_-]+`, 1–64 (§5a);
 * - Gemini: starts with a letter or `_`, then `[a-zA-Z0-9_-]`, at most 64 (§4a; the `.` only Vertex
 *   allows is replaced too);
 * - Ollama: none (§7a: tools are rendered into the chat template).
 */
export function nameRuleOf(target: ProviderId): WireRule | undefined {
  switch (target) {
    case 'gemini':
      return geminiNames;
    case 'ollama':
      return undefined;
    default:
      return wordRule(64, UNKNOWN_TOOL_NAME);
  }
}
