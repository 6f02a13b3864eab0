export type { ArgumentEncoding, EnvelopeSpec } from '../grammar/envelope/envelope-spec.js';
export type { StructuralTag } from '../grammar/envelope/envelope-structural-tag.js';
export {
  type CallToRender,
  type RenderTurnOptions,
  renderToolCalls,
} from '../grammar/envelope/render-tool-calls.js';
export { type SchemaAlignment, schemaAlignment } from '../schema/schema-alignment.js';
// The data-model types its API names, so its users import them from it; from their own modules, not the
// types index: `Message` names `URL`, and this entry compiles with no global types.
export type * from '../types/json-schema.js';
export type * from '../types/parse-event.js';
export type * from '../types/tool.js';
export type * from '../types/tool-call.js';
export type * from '../types/warning.js';
export { type AutoFormatOptions, AutoParser, detectFormatFromModel, detectFormatFromText } from './auto.js';
export { EventCollector } from './collect-events.js';
export {
  BaseFormatParser,
  type Bucket,
  type CallParts,
  type Cursor,
  type ReasoningTags,
} from './core/base-parser.js';
export { MAX_ARGUMENT_DEPTH } from './core/build-arguments.js';
export type { ContentMode } from './core/content-shaper.js';
export { normalizeTools, ToolIndex } from './core/tool-index.js';
export * from './definitions.js';
export type { FormatDefinition, FormatOptions, FormatParser } from './format-definition.js';
export {
  type GrammarForOptions,
  type GrammarForResult,
  type GrammarToolChoice,
  grammarFor,
  structuralTagFor,
} from './grammar-for.js';
export {
  type ParseSpan,
  type ParseSpansResult,
  parseToolCallSpans,
  type SpanKind,
} from './parse-tool-call-spans.js';
export { type ParseToolCallsOptions, parseToolCallChunks, parseToolCalls } from './parse-tool-calls.js';
export { parseWith } from './parse-with.js';
export { auto, getFormat, listFormats } from './registry.js';
