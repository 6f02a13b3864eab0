import { argumentsForCall } from '../formats/core/build-arguments.js';
import { ToolIndex } from '../formats/core/tool-index.js';
import { schemaAlignment } from '../schema/schema-alignment.js';
import type { ToolDefinition } from '../types/tool.js';
import type { InvalidToolCall, ParseResult, ToolCall } from '../types/tool-call.js';

/**
 * Aligns the arguments of already-rebuilt calls (a provider stream's) with `tools`, under the rules a
 * format parser applies to the calls it reads (`argumentsForCall`): a call to a tool not offered is
 * invalid (`unknown_tool`); arguments are coerced to the tool's parameters schema (`flags` say how); an
 * issue with a required argument makes the call invalid, keeping its raw argument text; other issues
 * are attached to the call. Calls that become invalid follow the invalid calls already there.
 */
export function alignToolCalls(result: ParseResult, tools: readonly ToolDefinition[]): ParseResult {
  const index = new ToolIndex(tools);
  const toolCalls: ToolCall[] = [];
  const invalidToolCalls: InvalidToolCall[] = [...result.invalidToolCalls];
  for (const call of result.toolCalls) {
    const raw = call.raw ?? JSON.stringify(call.arguments);
    if (!index.has(call.name)) {
      const message = `no tool named "${call.name}" was offered`;
      invalidToolCalls.push({
        id: call.id,
        name: call.name,
        raw,
        error: message,
        issues: [{ code: 'unknown_tool', message }],
      });
      continue;
    }
    const aligned = argumentsForCall({ argumentsValue: call.arguments }, index.parameters(call.name), {
      align: schemaAlignment,
    });
    if (!aligned.ok) {
      invalidToolCalls.push({
        id: call.id,
        name: call.name,
        raw,
        error: aligned.issues.map((issue) => issue.message).join('; '),
        issues: aligned.issues,
      });
      continue;
    }
    const { issues: _issues, flags: _flags, ...rest } = call;
    toolCalls.push({
      ...rest,
      arguments: aligned.value,
      ...(aligned.issues ? { issues: aligned.issues } : {}),
      ...(aligned.flags ? { flags: aligned.flags } : {}),
    });
  }
  return { ...result, toolCalls, invalidToolCalls };
}
