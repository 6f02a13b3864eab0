import type { FinishReason } from '../provider-converter.js';
import type { GeminiFinishReason } from './gemini-api.js';

/**
 * Gemini `finishReason` → unified finish reason. `STOP` with function calls in the candidate is
 * `tool-calls` (Gemini has no reason of its own for them; as vercel/ai `mapGoogleGenerativeAIFinishReason`).
 *
 * @see https://ai.google.dev/api/generate-content#FinishReason
 */
export function mapGeminiFinishReason(raw: string | undefined, hasToolCalls: boolean): FinishReason {
  const unified = ((): FinishReason['unified'] => {
    switch (raw) {
      case 'STOP':
        return hasToolCalls ? 'tool-calls' : 'stop';
      case 'MAX_TOKENS':
        return 'length';
      case 'SAFETY':
      case 'RECITATION':
      case 'BLOCKLIST':
      case 'PROHIBITED_CONTENT':
      case 'SPII':
      case 'IMAGE_SAFETY':
      case 'IMAGE_PROHIBITED_CONTENT':
        return 'content-filter';
      case 'MALFORMED_FUNCTION_CALL':
      case 'UNEXPECTED_TOOL_CALL':
      case 'TOO_MANY_TOOL_CALLS':
        return 'error';
      case undefined:
        return hasToolCalls ? 'tool-calls' : 'other';
      default:
        return 'other';
    }
  })();
  return raw === undefined ? { unified } : { unified, raw };
}

const KNOWN: ReadonlySet<string> = new Set<GeminiFinishReason>([
  'FINISH_REASON_UNSPECIFIED',
  'STOP',
  'MAX_TOKENS',
  'SAFETY',
  'RECITATION',
  'LANGUAGE',
  'OTHER',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'MALFORMED_FUNCTION_CALL',
  'IMAGE_SAFETY',
  'UNEXPECTED_TOOL_CALL',
  'TOO_MANY_TOOL_CALLS',
  'IMAGE_PROHIBITED_CONTENT',
]);

/** Unified finish reason → Gemini `finishReason`: the raw value when it is a Gemini one, else the closest. */
export function mapToGeminiFinishReason(reason: FinishReason): GeminiFinishReason {
  if (reason.raw !== undefined && KNOWN.has(reason.raw)) return reason.raw as GeminiFinishReason;
  switch (reason.unified) {
    case 'stop':
    case 'tool-calls':
      return 'STOP';
    case 'length':
      return 'MAX_TOKENS';
    case 'content-filter':
      return 'SAFETY';
    case 'error':
      return 'MALFORMED_FUNCTION_CALL';
    case 'other':
      return 'OTHER';
    default: {
      const unreachable: never = reason.unified;
      throw new Error(`unhandled finish reason ${String(unreachable)}`);
    }
  }
}
