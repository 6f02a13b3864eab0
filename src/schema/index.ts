/**
 * `toolwire/schema`: one interpretation of a tool's JSON Schema (`SchemaRoot`) and the aligners that
 * read it: `alignValue` (a parsed JSON value), `alignText` (raw parameter text of XML-style formats)
 * and `alignResponse` (a whole free-text model response). All return `{ value, flags, issues }` and
 * never throw on model data.
 */

export { type DecodedValue, decodeLenient } from '../json/decode-lenient.js';
// The data-model types its API names, so its users import them from it; from their own modules, not the
// types index: `Message` names `URL`, and this entry compiles with no global types.
export type * from '../types/json-schema.js';
export { type AlignedArguments, alignArguments, alignParameters } from './align-arguments.js';
export { MAX_VALUE_DEPTH } from './align-context.js';
export { alignResponse } from './align-response.js';
export type {
  AlignFlag,
  AlignFlagKind,
  AlignIssue,
  AlignIssueCode,
  AlignOptions,
  AlignResult,
} from './align-result.js';
export { FLAG_SCORES } from './align-result.js';
export { type AlignTextOptions, alignText } from './align-text.js';
export { type AlignValueOptions, alignValue } from './align-value.js';
export { parseBooleanText, parseNumberText, roundHalfAwayFromZero } from './coerce-text.js';
export { matchesLiteral } from './matches-literal.js';
export { loadPatternEngine } from './pattern-engine.js';
export { type SchemaAlignment, schemaAlignment } from './schema-alignment.js';
export {
  canonicalTypeName,
  MAX_SCHEMA_DEPTH,
  RECOGNIZED_KEYWORDS,
  type SchemaObject,
  type SchemaOption,
  SchemaRoot,
  type SchemaTypeName,
  type UnsupportedKeyword,
} from './schema-root.js';
export { typeParameterText, typeParameterTextFlagged } from './type-parameter-text.js';
export { UNCHECKED_KEYWORDS, uncheckedKeywords } from './unchecked-keywords.js';
