/**
 * Gemini `generateContent` wire types (REST JSON, field names exactly as the API spells them: camelCase),
 * only the fields toolwire reads or writes. Type-tested against `@google/genai`'s `Content`, `Part`,
 * `Tool`, `ToolConfig`, `GenerationConfig` and `GenerateContentResponse` (test/providers/gemini).
 *
 * @see https://ai.google.dev/api/generate-content
 * @see https://ai.google.dev/gemini-api/docs/function-calling
 */

/** A JSON object value (Gemini `Struct`): `functionCall.args`, `functionResponse.response`. */
export type GeminiObject = { [key: string]: unknown };

export interface GeminiFunctionCall {
  /** Optional; the Developer API often sends none (providers.md §4e). */
  id?: string;
  name: string;
  args?: GeminiObject;
}

export interface GeminiFunctionResponse {
  /** Sent only where accepted: the Gemini API (not Vertex: `functionCallIds: 'omit'`). */
  id?: string;
  name: string;
  /** Must be an object: toolwire writes `{output: …}` / `{error: …}` (see convert-to-gemini-messages). */
  response: GeminiObject;
  /** Media of a result (Gemini 3): `inlineData` parts. */
  parts?: Array<{ inlineData: GeminiBlob }>;
}

export interface GeminiBlob {
  mimeType: string;
  /** base64 */
  data: string;
}

export interface GeminiFileData {
  mimeType?: string;
  fileUri: string;
}

/**
 * One part: exactly one of `text`, `inlineData`, `fileData`, `functionCall`, `functionResponse`;
 * `thought: true` marks a text part as reasoning; `thoughtSignature` belongs to the part it came on.
 */
export interface GeminiPart {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  inlineData?: GeminiBlob;
  fileData?: GeminiFileData;
  functionCall?: GeminiFunctionCall;
  functionResponse?: GeminiFunctionResponse;
}

export interface GeminiContent {
  /** `user` or `model` (the reader also takes the legacy `function` role of function responses). */
  role?: 'user' | 'model';
  parts: GeminiPart[];
}

/**
 * The OpenAPI 3.0 subset Gemini's `parameters` accept (providers.md §4b). The `min*` / `max*` counts are
 * int64 fields, which proto JSON spells as strings (`"5"`; the SDK types them so).
 */
export interface GeminiSchema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  format?: string;
  title?: string;
  description?: string;
  nullable?: boolean;
  enum?: string[];
  items?: GeminiSchema;
  minItems?: string;
  maxItems?: string;
  properties?: { [name: string]: GeminiSchema };
  required?: string[];
  propertyOrdering?: string[];
  minProperties?: string;
  maxProperties?: string;
  minLength?: string;
  maxLength?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  example?: unknown;
  anyOf?: GeminiSchema[];
}

export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  parameters?: GeminiSchema;
  parametersJsonSchema?: unknown;
}

export interface GeminiTool {
  functionDeclarations: GeminiFunctionDeclaration[];
}

export type GeminiFunctionCallingMode = 'AUTO' | 'ANY' | 'NONE' | 'VALIDATED';

export interface GeminiToolConfig {
  functionCallingConfig: {
    mode: GeminiFunctionCallingMode;
    allowedFunctionNames?: string[];
  };
}

export interface GeminiGenerationConfig {
  maxOutputTokens?: number;
  temperature?: number;
}

/** The body of `POST /v1beta/models/{model}:generateContent` (the model is in the URL, not here). */
export interface GeminiGenerateContentRequest {
  contents: GeminiContent[];
  systemInstruction?: { parts: Array<{ text: string }> };
  tools?: GeminiTool[];
  toolConfig?: GeminiToolConfig;
  generationConfig?: GeminiGenerationConfig;
}

/** `Candidate.finishReason` values (ai.google.dev/api/generate-content#FinishReason). */
export type GeminiFinishReason =
  | 'FINISH_REASON_UNSPECIFIED'
  | 'STOP'
  | 'MAX_TOKENS'
  | 'SAFETY'
  | 'RECITATION'
  | 'LANGUAGE'
  | 'OTHER'
  | 'BLOCKLIST'
  | 'PROHIBITED_CONTENT'
  | 'SPII'
  | 'MALFORMED_FUNCTION_CALL'
  | 'IMAGE_SAFETY'
  | 'UNEXPECTED_TOOL_CALL'
  | 'TOO_MANY_TOOL_CALLS'
  | 'IMAGE_PROHIBITED_CONTENT';

export interface GeminiCandidate {
  content?: GeminiContent;
  finishReason?: GeminiFinishReason;
  index?: number;
}

export interface GeminiUsageMetadata {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  totalTokenCount?: number;
}

/** A `GenerateContentResponse`; also each chunk of `streamGenerateContent?alt=sse`. */
export interface GeminiGenerateContentResponse {
  candidates?: GeminiCandidate[];
  usageMetadata?: GeminiUsageMetadata;
  modelVersion?: string;
  responseId?: string;
}
