import type { Warning } from '../../types/warning.js';

/**
 * A `tool-call-invalid` part with id and name written as a call with `"{}"` arguments: its raw text is
 * not JSON of an object, which OpenAI-style servers refuse in a history (providers.md §1(g)).
 */
export function invalidCallSent(toolCallId: string, error: string): Warning {
  return {
    type: 'compatibility',
    feature: 'invalid tool call',
    details: `call ${toolCallId}: sent with "{}" arguments (its text is not a JSON object: ${error})`,
  };
}

/** A `tool-call-invalid` part without id or name, left out of a request (H10). */
export function invalidCallLeftOut(provider: string): Warning {
  return {
    type: 'unsupported',
    feature: 'invalid tool call without id or name',
    details: `left out (${provider} cannot pair a call without both; repairHistory skips it with its result)`,
  };
}
