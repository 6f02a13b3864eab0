/**
 * `toolwire/tools`: define tools (JSON Schema or any Standard Schema, such as zod 4), dispatch parsed calls
 * to them (align, validate, run, and turn every failure into an error result the model can act on), and
 * run an agent loop whose listener gets every event exactly once, whatever the exit.
 */

// The data model its API names (calls, events, messages, schemas): its users import those types from it.
export type * from '../types/index.js';
export type { AgentEvent, AgentFinishReason, StepEndReason } from './agent-event.js';
export {
  type AgentModel,
  type AgentModelOptions,
  type AgentModelOutput,
  type AgentModelResponse,
  type AgentStreamPart,
  fromTextModel,
  type TextModel,
  type TextModelOptions,
  type TextModelOutput,
} from './agent-model.js';
export {
  defineTool,
  isStandardSchema,
  type JSONSchemaObject,
  type JSONSchemaToolDefinition,
  type StandardToolDefinition,
  type Tool,
  type ToolExecuteOptions,
} from './define-tool.js';
export {
  type DispatchCall,
  type DispatchOptions,
  type DispatchResult,
  dispatch,
} from './dispatch.js';
export type { DispatchError, DispatchErrorCode } from './dispatch-error.js';
export type { InferJSONSchema, InferParameters } from './infer-json-schema.js';
export { type AgentRunResult, type AgentStep, type RunAgentOptions, runAgent } from './run-agent.js';
export { toToolOutput } from './to-tool-output.js';
export { createToolset, type Tools, type Toolset } from './toolset.js';
