import type { ToolDefinition } from '../../types/tool.js';
import type { Warning } from '../../types/warning.js';
import type { ToolChoice } from '../provider-converter.js';
import { convertToGeminiSchema, type GeminiSchemaOptions } from './convert-to-gemini-schema.js';
import type { GeminiFunctionDeclaration, GeminiTool, GeminiToolConfig } from './gemini-api.js';

/** Gemini function names: a letter or `_` first, then letters, digits, `_`, `.`, `-`; at most 64 (providers.md §4a). */
const NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

/** Options of `convertToGeminiTools`. */
export interface GeminiToolsOptions {
  readonly tools: readonly ToolDefinition[] | undefined;
  readonly toolChoice: ToolChoice | undefined;
  readonly parallelToolCalls: boolean | undefined;
  /** `parameters` (default): the OpenAPI subset, via `convertToGeminiSchema`; `parametersJsonSchema`: the JSON Schema as is. */
  readonly schemaField?: 'parameters' | 'parametersJsonSchema';
  readonly onUnsupported?: GeminiSchemaOptions['onUnsupported'];
  readonly warnings: Warning[];
}

/**
 * Tools and tool choice as Gemini spells them: all functions in one `tools[0].functionDeclarations`
 * list, in declaration order (H13); `toolConfig.functionCallingConfig.mode` `AUTO` / `NONE` / `ANY`
 * (`required`), `ANY` with `allowedFunctionNames: [name]` for one named tool. A name Gemini refuses is
 * reported (`unsupported`), never renamed or dropped here (`repairHistory` renames). Gemini has no
 * switch for parallel calls: `parallelToolCalls: false` is reported.
 *
 * @see https://ai.google.dev/gemini-api/docs/function-calling#function_calling_modes
 * @throws {ToolwireError} code `unsupported` from the schema transform with `onUnsupported: 'throw'`.
 */
export function convertToGeminiTools(options: GeminiToolsOptions): {
  tools?: GeminiTool[];
  toolConfig?: GeminiToolConfig;
} {
  const { tools, toolChoice, warnings } = options;
  const result: { tools?: GeminiTool[]; toolConfig?: GeminiToolConfig } = {};
  if (tools !== undefined && tools.length > 0) {
    const declarations: GeminiFunctionDeclaration[] = [];
    for (const tool of tools) {
      if (!NAME.test(tool.name)) {
        warnings.push({
          type: 'unsupported',
          feature: 'tool name',
          details: `gemini: "${tool.name}" does not match ${NAME.source}; Gemini will refuse it`,
        });
      }
      const declaration: GeminiFunctionDeclaration = { name: tool.name };
      if (tool.description !== undefined) declaration.description = tool.description;
      if (options.schemaField === 'parametersJsonSchema') {
        declaration.parametersJsonSchema = tool.parameters;
      } else {
        const converted = convertToGeminiSchema(tool.parameters, {
          toolName: tool.name,
          ...(options.onUnsupported === undefined ? {} : { onUnsupported: options.onUnsupported }),
        });
        warnings.push(...converted.warnings);
        if (converted.schema !== undefined) declaration.parameters = converted.schema;
      }
      declarations.push(declaration);
    }
    result.tools = [{ functionDeclarations: declarations }];
  }
  if (toolChoice !== undefined) {
    switch (toolChoice.type) {
      case 'auto':
        result.toolConfig = { functionCallingConfig: { mode: 'AUTO' } };
        break;
      case 'none':
        result.toolConfig = { functionCallingConfig: { mode: 'NONE' } };
        break;
      case 'required':
        result.toolConfig = { functionCallingConfig: { mode: 'ANY' } };
        break;
      case 'tool':
        result.toolConfig = {
          functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [toolChoice.toolName] },
        };
        break;
      default: {
        const unreachable: never = toolChoice;
        throw new Error(`unhandled tool choice ${JSON.stringify(unreachable)}`);
      }
    }
  }
  if (options.parallelToolCalls === false) {
    warnings.push({
      type: 'unsupported',
      feature: 'parallelToolCalls',
      details: 'gemini has no switch for parallel function calls; the model may still make several',
    });
  }
  return result;
}
