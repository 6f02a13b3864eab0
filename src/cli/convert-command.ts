import { ToolwireError } from '../errors/toolwire-error.js';
import type { CanonicalRequest, ProviderId } from '../providers/provider-converter.js';
import { getProvider, providerIds } from '../providers/registry.js';
import { repairHistory } from '../providers/repair/index.js';
import { base64FromBytes } from '../providers/shared/binary-data.js';
import { checkMessageShapes } from '../providers/shared/check-message-shapes.js';
import { readInput } from './read-input.js';
import { requestShapeMismatch } from './request-shape.js';
import { UsageError } from './usage-error.js';

/** The names `--from` and `--to` take: the seven wire formats, and `canonical` (toolwire's own request). */
export const convertEndpoints: readonly string[] = [...providerIds, 'canonical'];

/** Options of `toolwire convert` after argument parsing. */
export interface ConvertCommandOptions {
  readonly from: string;
  readonly to: string;
  readonly repair: boolean;
  readonly strict: boolean;
  readonly file?: string;
}

/**
 * `toolwire convert --from P --to Q [--repair] [--strict] [FILE]`: reads a request body as provider P
 * spells it (`canonical`: a `CanonicalRequest`), prints the same request as provider Q spells it.
 * With `--repair`, `repairHistory` runs for Q first and each change goes to standard error as a JSON
 * line `{"change": …}`; with `--strict`, a history Q would reject is not repaired: each violation goes
 * to standard error as a JSON line and the exit code is 1. Conversion warnings (what Q cannot hold) go
 * to standard error as JSON lines `{"warning": …}`. A body with a field P's requests never have (an
 * OpenAI Chat body read as Anthropic) is refused: reading it would drop what the field holds. Resolves to the exit code (0 done, 1 strict found
 * violations); bad input is a `UsageError` (one line, exit 2).
 */
export function runConvertCommand(
  options: ConvertCommandOptions,
  io: { stdout: (text: string) => void; stderr: (text: string) => void },
): number {
  const from = endpoint(options.from, '--from');
  const to = endpoint(options.to, '--to');
  const text = readInput(options.file);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${options.file ?? 'standard input'}: not valid JSON (${(error as Error).message})`);
  }
  try {
    let request = from === 'canonical' ? readCanonical(body) : readProvider(from, body, io.stderr);
    if (to !== 'canonical' && (options.repair || options.strict)) {
      const repaired = repairHistory(request.messages, {
        target: to,
        strict: options.strict,
        ...(request.tools === undefined ? {} : { tools: request.tools }),
      });
      for (const change of repaired.changes) io.stderr(`${JSON.stringify({ change })}\n`);
      request = { ...request, messages: repaired.messages, ...renamedTools(request, repaired.nameMap) };
    }
    if (to === 'canonical') {
      io.stdout(`${JSON.stringify(request, bytesAsBase64, 2)}\n`);
      return 0;
    }
    const converted = getProvider(to).toRequest(request);
    for (const warning of converted.warnings) io.stderr(`${JSON.stringify({ warning })}\n`);
    io.stdout(`${JSON.stringify(converted.value, bytesAsBase64, 2)}\n`);
    return 0;
  } catch (error) {
    if (ToolwireError.isInstance(error) && error.code === 'history_invalid') {
      const violations = (error as { violations?: readonly unknown[] }).violations ?? [];
      for (const violation of violations) io.stderr(`${JSON.stringify({ violation })}\n`);
      io.stderr(`toolwire: ${error.message.split('\n')[0]}\n`);
      return 1;
    }
    if (ToolwireError.isInstance(error)) throw new UsageError(error.message);
    // A canonical request is only checked down to its parts' types: a deeper misfit (a result without
    // `output`, a tool that is not an object) fails inside a converter, and is still the input's fault.
    if (from === 'canonical' && error instanceof Error && !(error instanceof UsageError))
      throw new UsageError(`the canonical request does not have the canonical shape: ${error.message}`);
    throw error;
  }
}

/**
 * JSON has no bytes: a `Uint8Array` (Bedrock's image and document `bytes`, `redactedContent`) would
 * come out as an object of numbered keys. Bedrock's JSON wire carries bytes as base64 text, which every
 * reader here takes back.
 */
function bytesAsBase64(_key: string, value: unknown): unknown {
  return value instanceof Uint8Array ? base64FromBytes(value) : value;
}

/** The declared tools under the wire names the repair gave them (its name map read backwards). */
function renamedTools(
  request: CanonicalRequest,
  nameMap: Readonly<Record<string, string>>,
): Pick<CanonicalRequest, 'tools'> {
  if (request.tools === undefined) return {};
  const wireName = new Map(Object.entries(nameMap).map(([wire, name]) => [name, wire]));
  return {
    tools: request.tools.map((tool) => {
      const wire = wireName.get(tool.name);
      return wire === undefined ? tool : { ...tool, name: wire };
    }),
  };
}

function endpoint(name: string, option: string): ProviderId | 'canonical' {
  if (!convertEndpoints.includes(name))
    throw new UsageError(`${option} must be one of ${convertEndpoints.join(', ')}, got ${name}`);
  return name as ProviderId | 'canonical';
}

function readProvider(from: ProviderId, body: unknown, stderr: (text: string) => void): CanonicalRequest {
  const mismatch = requestShapeMismatch(body, from);
  if (mismatch !== undefined) throw new UsageError(mismatch);
  const read = getProvider(from).fromRequest(body);
  for (const warning of read.warnings) stderr(`${JSON.stringify({ warning })}\n`);
  return read.value;
}

/** A canonical request is developer input: checked for its shape, not repaired. */
function readCanonical(body: unknown): CanonicalRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new UsageError('a canonical request is a JSON object {messages, tools?, toolChoice?, ...}');
  const messages = (body as { messages?: unknown }).messages;
  if (!Array.isArray(messages)) throw new UsageError('a canonical request needs "messages": an array');
  checkMessageShapes(messages);
  return body as CanonicalRequest;
}
