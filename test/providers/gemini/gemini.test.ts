import type {
  Blob,
  Candidate,
  Content,
  FileData,
  FunctionCall,
  FunctionCallingConfig,
  FunctionDeclaration,
  FunctionResponse,
  GenerateContentParameters,
  GenerateContentResponse,
  GenerateContentResponseUsageMetadata,
  GenerationConfig,
  Part,
  Schema,
  Tool,
  ToolConfig,
} from '@google/genai';
import { describe, expect, it } from 'vitest';
import { ToolwireError } from '../../../src/errors/toolwire-error.js';
import {
  convertToGeminiSchema,
  createGeminiConverter,
  type GeminiBlob,
  type GeminiCandidate,
  type GeminiContent,
  type GeminiFileData,
  type GeminiFunctionCall,
  type GeminiFunctionDeclaration,
  type GeminiFunctionResponse,
  type GeminiGenerateContentRequest,
  type GeminiGenerateContentResponse,
  type GeminiGenerationConfig,
  type GeminiPart,
  type GeminiSchema,
  type GeminiTool,
  type GeminiToolConfig,
  type GeminiUsageMetadata,
  gemini,
} from '../../../src/providers/gemini/index.js';
import type { CanonicalRequest } from '../../../src/providers/provider-converter.js';
import { goldenTests, loadCases } from '../golden-cases.js';
import type { Expect, NoExtraKeys, Wire } from '../sdk-types.js';

describe('gemini golden fixtures', () => {
  goldenTests('gemini', gemini);
});

describe('convertToGeminiSchema', () => {
  for (const testCase of loadCases('gemini', 'schemas') as unknown as Array<{
    description: string;
    schema: never;
    expected: unknown;
    warnings: unknown[];
  }>) {
    it(testCase.description, () => {
      const result = convertToGeminiSchema(testCase.schema, { toolName: 't' });
      expect(result.schema ?? null).toEqual(testCase.expected);
      expect(result.warnings).toEqual(testCase.warnings);
    });
  }

  it('treats true and {} as no parameters', () => {
    expect(convertToGeminiSchema(true)).toEqual({ schema: undefined, warnings: [] });
    expect(convertToGeminiSchema({})).toEqual({ schema: undefined, warnings: [] });
  });

  it('throws at the first lossy step with onUnsupported: throw', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', format: 'email' } } };
    expect(() => convertToGeminiSchema(schema, { onUnsupported: 'throw', toolName: 'send' })).toThrowError(
      new ToolwireError(
        'unsupported',
        'Gemini schema: schema keyword format (tool send, at /properties/a): the Gemini API accepts only "enum" and "date-time"',
      ),
    );
    try {
      convertToGeminiSchema(schema, { onUnsupported: 'throw' });
    } catch (error) {
      expect(ToolwireError.isInstance(error) && error.code).toBe('unsupported');
    }
  });

  it('keeps an exact schema as given, key order included, without warnings', () => {
    const schema = {
      required: ['b', 'a'],
      properties: { b: { type: 'string' }, a: { type: 'integer' } },
      type: 'object',
    };
    const result = convertToGeminiSchema(schema);
    expect(JSON.stringify(result.schema)).toBe(JSON.stringify(schema));
    expect(result.warnings).toEqual([]);
  });
});

const history: CanonicalRequest = {
  messages: [
    { role: 'user', content: 'Weather?' },
    {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 'x1', toolName: 'weather', input: { city: 'Oslo' } }],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'x1',
          toolName: 'weather',
          output: { type: 'text', value: '3°C' },
        },
      ],
    },
  ],
  tools: [
    {
      name: 'weather',
      parameters: { type: 'object', properties: { city: { type: 'string', format: 'city' } } },
    },
  ],
};

describe('createGeminiConverter options', () => {
  it("sends no ids with functionCallIds: 'omit' (Vertex AI)", () => {
    const body = createGeminiConverter({ functionCallIds: 'omit' }).toRequest(history).value;
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'weather', args: { city: 'Oslo' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'weather', response: { output: '3°C' } } }] },
    ]);
  });

  it("passes the JSON Schema as is with schemaField: 'parametersJsonSchema'", () => {
    const result = createGeminiConverter({ schemaField: 'parametersJsonSchema' }).toRequest(history);
    expect(result.value.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'weather',
            parametersJsonSchema: {
              type: 'object',
              properties: { city: { type: 'string', format: 'city' } },
            },
          },
        ],
      },
    ]);
    expect(result.warnings).toEqual([]);
  });

  it("throws ToolwireError unsupported from toRequest with onUnsupported: 'throw'", () => {
    expect(() => createGeminiConverter({ onUnsupported: 'throw' }).toRequest(history)).toThrowError(
      /Gemini schema: schema keyword format \(tool weather, at \/properties\/city\)/,
    );
  });
});

// Type tests: @google/genai's types are the SDK's (camelCase, the same field names as the REST JSON).
// The SDK has no REST-shaped request type (its GenerateContentParameters nests everything but
// `contents` in `config`), so the request is checked field by field against the SDK's Content, Tool,
// ToolConfig and GenerationConfig, and every wire interface of ours has only SDK field names.
type RestGenerateContentRequest = {
  contents: Wire<Content>[];
  systemInstruction?: Wire<Content>;
  tools?: Wire<Tool>[];
  toolConfig?: Wire<ToolConfig>;
  generationConfig?: Wire<GenerationConfig>;
};
type ResponseFields = Omit<
  GenerateContentResponse,
  'text' | 'data' | 'functionCalls' | 'executableCode' | 'codeExecutionResult' | 'initialPromptTokenCount'
>;

type GeminiFieldNames = [
  Expect<NoExtraKeys<GeminiGenerateContentRequest, RestGenerateContentRequest>>,
  Expect<NoExtraKeys<GeminiContent, Content>>,
  Expect<NoExtraKeys<GeminiPart, Part>>,
  Expect<NoExtraKeys<GeminiFunctionCall, FunctionCall>>,
  Expect<NoExtraKeys<GeminiFunctionResponse, FunctionResponse>>,
  Expect<NoExtraKeys<GeminiBlob, Blob>>,
  Expect<NoExtraKeys<GeminiFileData, FileData>>,
  Expect<NoExtraKeys<GeminiTool, Tool>>,
  Expect<NoExtraKeys<GeminiFunctionDeclaration, FunctionDeclaration>>,
  Expect<NoExtraKeys<GeminiSchema, Schema>>,
  Expect<NoExtraKeys<GeminiToolConfig, ToolConfig>>,
  Expect<NoExtraKeys<GeminiToolConfig['functionCallingConfig'], FunctionCallingConfig>>,
  Expect<NoExtraKeys<GeminiGenerationConfig, GenerationConfig>>,
  Expect<NoExtraKeys<GeminiGenerateContentResponse, ResponseFields>>,
  Expect<NoExtraKeys<GeminiCandidate, Candidate>>,
  Expect<NoExtraKeys<GeminiUsageMetadata, GenerateContentResponseUsageMetadata>>,
];

describe('gemini SDK types', () => {
  it('every wire field of ours is an SDK field (checked by tsc)', () => {
    const checked: GeminiFieldNames[number] = true;
    expect(checked).toBe(true);
  });

  it('toRequest output is assignable to @google/genai types (REST shape and the SDK call shape)', () => {
    const body: RestGenerateContentRequest = gemini.toRequest(history).value;
    const parameters: Wire<GenerateContentParameters> = {
      model: 'gemini-2.5-flash',
      contents: body.contents,
      config: {
        ...(body.systemInstruction ? { systemInstruction: body.systemInstruction } : {}),
        ...(body.tools ? { tools: body.tools } : {}),
        ...(body.toolConfig ? { toolConfig: body.toolConfig } : {}),
        ...body.generationConfig,
      },
    };
    expect(parameters.contents).toEqual(body.contents);
  });

  it('toResponse output is assignable to GenerateContentResponse (its fields)', () => {
    const response: Wire<ResponseFields> = gemini.toResponse({
      message: { role: 'assistant', content: 'Hi' },
      finishReason: { unified: 'stop' },
    }).value;
    expect(response).toEqual({
      candidates: [{ content: { role: 'model', parts: [{ text: 'Hi' }] }, finishReason: 'STOP', index: 0 }],
    });
  });
});

describe('convertToGeminiSchema limits', () => {
  it('stops inlining past MAX_GEMINI_SCHEMA_NODES (a $ref target used twice per level, 20 levels)', () => {
    const defs: Record<string, unknown> = { d20: { type: 'string' } };
    for (let level = 19; level >= 0; level--) {
      defs[`d${level}`] = {
        type: 'object',
        properties: { a: { $ref: `#/$defs/d${level + 1}` }, b: { $ref: `#/$defs/d${level + 1}` } },
      };
    }
    const result = convertToGeminiSchema({ $ref: '#/$defs/d0', $defs: defs });
    expect(JSON.stringify(result.schema).length).toBeLessThan(1_000_000);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatchObject({ type: 'unsupported', feature: 'schema size' });
    expect(result.warnings[0]?.type === 'unsupported' && result.warnings[0].details).toMatch(
      /^gemini at \/(properties\/[ab]\/?)+: inlining \$ref targets gives more than 10000 schema nodes; the rest allows any value$/,
    );
  });
});
