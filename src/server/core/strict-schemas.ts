// Refuses a strict tool or response format whose schema the gateway could neither enforce nor check.

import { loadPatternEngine, type UnsupportedKeyword, uncheckedKeywords } from '../../schema/index.js';
import type { JSONSchema } from '../../types/index.js';
import { clipText } from '../http/clip-text.js';
import { badField } from '../http/gateway-error.js';
import type { TurnRequest } from './turn-request.js';

/** How many unchecked keywords an error names before "and N more". */
const NAMED = 3;

/**
 * How many characters of a pointer, keyword or reason an error quotes: they hold the request's
 * property names, and a 200,000-character name must not make a 200,000-character error.
 */
const QUOTED_CHARACTERS = 120;

/**
 * Throws when a `strict` tool's parameters (or a `strict` `json_schema` response format) use a keyword
 * alignment cannot check: a `pattern` RE2 cannot run (backreferences, lookaround), `not`, `if`, a `$ref`
 * that does not resolve, ... (`uncheckedKeywords`). A grammar cannot express these either, so the
 * gateway could not keep the `strict` promise, and a call that breaks the keyword would reach the
 * client as valid. OpenAI answers a strict schema it does not support the same way, before sampling.
 * Loads the pattern engine first where `require` cannot (edge runtimes), so patterns are judged by RE2.
 *
 * @throws {GatewayError} 400 `invalid_request_error`, code `invalid_function_parameters` (param
 *   `tools`) or `invalid_response_format` (param `response_format`, or the surface's name for it).
 */
export async function refuseUncheckedStrictSchemas(request: TurnRequest): Promise<void> {
  const format = request.responseFormat;
  const strictFormat = format.type === 'json_schema' && format.strict;
  if (request.strictTools.size === 0 && !strictFormat) return;
  // A failed load leaves patterns unchecked, and they are then refused below with that reason.
  await loadPatternEngine().catch(() => {});
  for (const tool of request.tools) {
    if (!request.strictTools.has(tool.name)) continue;
    const problem = uncheckedProblem(tool.parameters);
    if (problem === undefined) continue;
    throw badField(
      'tools',
      `tool "${tool.name}" is strict, but its parameters schema ${problem}`,
      'invalid_function_parameters',
    );
  }
  const problem = strictFormat ? uncheckedProblem(format.schema) : undefined;
  if (format.type === 'json_schema' && problem !== undefined) {
    const param = request.responseFormatParam ?? 'response_format';
    throw badField(
      param,
      `${param} "${format.name}" is strict, but its schema ${problem}`,
      'invalid_response_format',
    );
  }
}

/** What keeps `schema` from being checked, as the end of a sentence; `undefined` when nothing does. */
function uncheckedProblem(schema: JSONSchema): string | undefined {
  let unchecked: readonly UnsupportedKeyword[];
  try {
    unchecked = uncheckedKeywords(schema);
  } catch (error) {
    return `cannot be read (${error instanceof Error ? error.message : String(error)})`;
  }
  if (unchecked.length === 0) return undefined;
  return `uses ${listed(unchecked)}, which the gateway can neither enforce nor check: drop "strict" or the keyword`;
}

function listed(unchecked: readonly UnsupportedKeyword[]): string {
  const named = unchecked.slice(0, NAMED).map(({ keyword, pointer, reason }) => {
    const at = clipped(pointer === '' ? '/' : pointer);
    return reason === undefined
      ? `"${clipped(keyword)}" at ${at}`
      : `"${clipped(keyword)}" at ${at} (${clipped(reason)})`;
  });
  const more = unchecked.length - named.length;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
}

function clipped(text: string): string {
  return clipText(text, QUOTED_CHARACTERS);
}
