import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3Middleware,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  SharedV3Warning,
} from '@ai-sdk/provider';
import { ToolwireError } from '../errors/toolwire-error.js';
import type { FormatDefinition, FormatOptions, FormatParser } from '../formats/format-definition.js';
import { checkFormatOptions } from '../formats/format-options.js';
import { getFormat } from '../formats/index.js';
import { resolveFormat } from '../formats/parse-tool-calls.js';
import { resolveModelFormat } from '../formats/registry.js';
import type { ToolChoice } from '../providers/provider-converter.js';
import type { ParseEvent } from '../types/parse-event.js';
import type { ToolDefinition } from '../types/tool.js';
import { CallIdGuard } from './call-id-guard.js';
import { invalidCallPart } from './invalid-call-part.js';
import { promptTemplateFor, promptTemplates } from './prompt-templates/prompt-templates.js';
import { type PromptTemplate, renderPromptText } from './prompt-text.js';
import { type PartOutput, pullTransform } from './pull-transform.js';
import { rendererFor } from './renderers/prompt-renderers.js';
import { renderToolPrompt } from './renderers/render-tool-prompt.js';
import type { ToolPromptRenderer } from './renderers/tool-prompt-renderer.js';
import { AISDKStreamPartEncoder, toolCallPart } from './stream-part-encoder.js';

/** Options of `toolCallMiddleware`: the format, the model name, a renderer, and the parser options. */
export interface ToolCallMiddlewareOptions extends Omit<FormatOptions, 'tools' | 'inputEvents'> {
  /**
   * Format id, alias or definition. Default `"auto"`: the format named by `model` (else by the wrapped
   * model's `modelId`), else the one whose markers appear first in the output.
   */
  readonly format?: string | FormatDefinition;
  /** Model name used by `auto` (as on the model card: `"Qwen/Qwen3-Coder-30B-A3B-Instruct"`). */
  readonly model?: string;
  /** How tools, calls and results are written into the prompt; default: the format's own renderer. */
  readonly renderer?: ToolPromptRenderer;
  /**
   * Whole-prompt mode, for a raw-text endpoint (`/v1/completions`) that applies no chat template: the
   * middleware writes the entire prompt as the model's own chat template would (role markers, the
   * template's own headers and default texts, tool section, past calls and results, generation
   * prompt; see `renderPromptText`) and sends it as the prompt's only message, one user text part.
   * A `PromptTemplate`, the id of one in `promptTemplates` (`"qwen3-coder"`, `"llama-3.1"`, …), or
   * `"auto"`: the one for `model` (else the wrapped model's `modelId`) by `promptTemplateFor`. The
   * template's format is the parser's unless `format` names one. Without it (default) the prompt stays
   * messages for a server that applies the template itself.
   */
  readonly promptTemplate?: string | PromptTemplate;
  /**
   * The date printed by templates that print today's (Llama 3.2, gpt-oss; Hunyuan A13B its time and
   * weekday too); default: their fallback (Hunyuan A13B has none: 1970-01-01 00:00:00, local time).
   */
  readonly promptDate?: Date;
}

/** What `transformParams` took out of the params, for the wrap functions of the same call. */
interface CallState {
  readonly format: FormatDefinition;
  readonly tools: readonly ToolDefinition[];
  readonly toolChoice: ToolChoice;
  /** Said in the call's `warnings`: the model name told nothing (see `unknownModelWarning`). */
  readonly warning: SharedV3Warning | undefined;
}

/**
 * An AI SDK middleware (`LanguageModelV3Middleware`, for `wrapLanguageModel`) that gives tool calling
 * to a model that only writes text: a completions endpoint, an OpenAI-compatible server started
 * without a tool parser, a hosted open model.
 *
 * - `transformParams`: renders the function tools into the prompt the way the format's models expect
 *   them (`promptRenderers`: the tool section of the model's own chat template), earlier assistant
 *   calls and tool results likewise (multi-turn), emulates `toolChoice` (`none`: no tools rendered and
 *   the output left as text; `required` / a named tool: an instruction, and for a named tool only that
 *   tool listed and accepted), and passes `tools: undefined`, `toolChoice: undefined` down.
 * - `wrapGenerate` / `wrapStream`: the model's text goes through toolwire's parser for the format
 *   (whole, or chunk by chunk): text, reasoning and tool-call parts come back as the spec's content /
 *   stream parts (see `AISDKStreamPartEncoder`); a call that cannot be recovered becomes an invalid
 *   tool call (`invalidCallPart`), never a silent drop; the finish reason is `tool-calls` when a
 *   call was found. Parts the model sent besides text (reasoning, native tool calls, files, metadata,
 *   and what is not a part: `null`, a text delta whose `delta` is not a string) pass through unchanged,
 *   never merged with parsed text.
 *
 * Without function tools in the call the middleware changes nothing (in whole-prompt mode it still
 * writes the prompt text, with no tool section).
 *
 * @throws {UnknownFormatError} (code `unknown_format`) for an unregistered `format`.
 * @throws {ToolwireError} (code `invalid_argument`) for options of the wrong type or an unknown
 *   `promptTemplate` id (when created), or, with `promptTemplate: "auto"`, a model name no template
 *   matches (when called).
 */
export function toolCallMiddleware(options: ToolCallMiddlewareOptions = {}): LanguageModelV3Middleware {
  const {
    format: formatOption,
    renderer: rendererOption,
    promptTemplate: templateOption,
    promptDate,
    ...parserOptions
  } = checkFormatOptions(options);
  const format = resolveFormat(formatOption);
  const fixedTemplate = templateOption === 'auto' ? undefined : resolvePromptTemplate(templateOption);
  const states = new WeakMap<LanguageModelV3CallOptions, CallState>();

  const parserFor = (state: CallState, inputEvents: boolean): FormatParser =>
    state.format.create({ ...parserOptions, tools: state.tools, inputEvents });

  return {
    specificationVersion: 'v3',

    async transformParams({ params, model }) {
      const tools: ToolDefinition[] = [];
      for (const tool of params.tools ?? [])
        if (tool.type === 'function')
          tools.push({
            name: tool.name,
            ...(tool.description === undefined ? {} : { description: tool.description }),
            parameters: tool.inputSchema as ToolDefinition['parameters'],
          });
      const toolChoice: ToolChoice = params.toolChoice ?? { type: 'auto' };
      const modelName = parserOptions.model ?? model.modelId;
      const template = templateOption === 'auto' ? autoTemplate(modelName) : fixedTemplate;
      if (template === undefined && tools.length === 0) return params;
      const resolved =
        template !== undefined && format.id === 'auto'
          ? getFormat(template.format)
          : resolveModelFormat(format, modelName);
      const renderer = rendererOption ?? template?.renderer ?? rendererFor(resolved, modelName);
      const prompt: LanguageModelV3Prompt =
        template === undefined
          ? renderToolPrompt(params.prompt, tools, renderer, toolChoice)
          : [
              {
                role: 'user',
                content: [
                  {
                    type: 'text',
                    text: renderPromptText(
                      params.prompt,
                      tools,
                      { ...template, renderer },
                      {
                        toolChoice,
                        ...(promptDate === undefined ? {} : { date: promptDate }),
                      },
                    ),
                  },
                ],
              },
            ];
      const transformed: LanguageModelV3CallOptions = {
        ...params,
        prompt,
        tools: undefined,
        toolChoice: undefined,
      };
      if (tools.length === 0) return transformed;
      const accepted =
        toolChoice.type === 'tool' ? tools.filter((tool) => tool.name === toolChoice.toolName) : tools;
      const warning = resolved.id === 'auto' ? unknownModelWarning(modelName) : undefined;
      states.set(transformed, { format: resolved, tools: accepted, toolChoice, warning });
      return transformed;
    },

    async wrapGenerate({ doGenerate, params }) {
      const result = await doGenerate();
      const state = states.get(params);
      if (state === undefined || state.toolChoice.type === 'none') return result;
      // No content list: no text to parse, and nothing to drop.
      if (!Array.isArray(result.content)) return result;
      const parser = parserFor(state, false);
      const ids = new CallIdGuard();
      const content: LanguageModelV3Content[] = [];
      const collect = new ContentCollector(content, ids);
      for (const part of result.content) {
        if (isTextPart(part, 'text')) collect.add(parser.push(part.text));
        else content.push(ids.part(part, 'native'));
      }
      collect.add(parser.finish());
      return {
        ...result,
        content,
        finishReason: finishReason(result.finishReason, collect.calls),
        ...(state.warning === undefined ? {} : { warnings: [...(result.warnings ?? []), state.warning] }),
      };
    },

    async wrapStream({ doStream, params }) {
      const result = await doStream();
      const state = states.get(params);
      if (state === undefined || state.toolChoice.type === 'none') return result;
      const parser = parserFor(state, true);
      const encoder = new AISDKStreamPartEncoder({ idPrefix: 'tw-' });
      const ids = new CallIdGuard();
      let finished = false;
      let parsed: PartOutput<LanguageModelV3StreamPart> | undefined;
      // Pulled rather than piped through a TransformStream: see `pullTransform`.
      const stream = pullTransform<LanguageModelV3StreamPart, LanguageModelV3StreamPart>(result.stream, {
        map(part, out) {
          // The parser has finished with the first `finish`: what an upstream sends after it (a
          // second `finish`, late text) is passed on as it came; a second `finish` is dropped, as a
          // stream has one.
          if (finished) {
            if (part?.type !== 'finish') out.push(ids.part(part, 'native'));
            return;
          }
          // Parsed parts go straight to the stream, each through the id guard: no array per delta
          // (built once: `out` is the same on every call).
          parsed ??= { push: (item) => out.push(ids.part(item, 'parsed')) };
          if (isTextPart(part, 'text-delta')) {
            for (const event of parser.push(part.delta)) encoder.add(event, parsed);
          } else if (part?.type === 'finish') {
            finished = true;
            for (const event of parser.finish()) encoder.add(event, parsed);
            for (const item of encoder.finish()) parsed.push(item);
            parsed.push({ ...part, finishReason: finishReason(part.finishReason, encoder.calls) });
          } else if (part?.type === 'stream-start' && state.warning !== undefined) {
            out.push({ ...part, warnings: [...(part.warnings ?? []), state.warning] });
          } else if (part?.type !== 'text-start' && part?.type !== 'text-end') {
            // Everything else passes on, a part that is not one (`null`, a text delta without a
            // string) as it came: nothing of it is dropped, and nothing read from it.
            out.push(ids.part(part, 'native'));
          }
        },
        // A stream that ends without its `finish` part (an aborted response) still gets the text
        // the parser held back and its open call, as an invalid call.
        flush(out) {
          if (finished) return;
          for (const item of encoder.finish(encoder.push(parser.finish())))
            out.push(ids.part(item, 'parsed'));
        },
      });
      return { ...result, stream };
    },
  };
}

/** A `promptTemplate` option as a template (`undefined`: messages mode). */
function resolvePromptTemplate(option: unknown): PromptTemplate | undefined {
  if (option === undefined) return undefined;
  if (typeof option === 'string') {
    const found = promptTemplates.find((candidate) => candidate.id === option);
    if (found === undefined)
      throw new ToolwireError(
        'invalid_argument',
        `unknown promptTemplate ${JSON.stringify(option)}; known: ${promptTemplates.map((entry) => entry.id).join(', ')}`,
      );
    return found;
  }
  if (typeof option === 'object' && option !== null && typeof (option as PromptTemplate).text === 'function')
    return option as PromptTemplate;
  throw new ToolwireError(
    'invalid_argument',
    'promptTemplate must be a template id, "auto" or a PromptTemplate',
  );
}

/**
 * The warning of a call whose format is `auto` with no model it could go by (no `model` option, and a
 * `modelId` no format lists, such as a server's `--served-model-name`): the tools were written in the
 * prompt in a generic style, and the output's format is told from its markers.
 */
function unknownModelWarning(model: string | undefined): SharedV3Warning {
  const named =
    model === undefined || model === '' ? 'no model name' : `model "${model}", which no format lists,`;
  return {
    type: 'other',
    message: `toolCallMiddleware: format "auto" with ${named} wrote a generic tool section into the prompt and reads the output's format from its markers: pass \`format\` or \`model\` (the Hugging Face id) to write and read the model's own`,
  };
}

function autoTemplate(model: string): PromptTemplate {
  const found = promptTemplateFor(model);
  if (found === undefined)
    throw new ToolwireError('invalid_argument', `no prompt template for model ${JSON.stringify(model)}`);
  return found;
}

/**
 * `tool-calls` when calls were found (the model's own reason kept in `raw`), else the model's, also
 * when it is not a finish reason object (an upstream that sent none, or a string).
 */
function finishReason(reason: LanguageModelV3FinishReason, calls: number): LanguageModelV3FinishReason {
  if (calls === 0 || typeof reason !== 'object' || reason === null || reason.unified !== 'stop')
    return reason;
  return { unified: 'tool-calls', raw: reason.raw };
}

/**
 * Whether `part` is text the parser reads: a `text` content part (`type: 'text'`) or a `text-delta`
 * stream part with a string. An upstream may send anything (`null`, a delta that is a number): the
 * middleware reads only what these types say, and passes on the rest.
 */
function isTextPart<T extends 'text' | 'text-delta'>(
  part: unknown,
  type: T,
): part is T extends 'text' ? { type: 'text'; text: string } : { type: 'text-delta'; delta: string } {
  if (typeof part !== 'object' || part === null) return false;
  const { type: actual, text, delta } = part as { type?: unknown; text?: unknown; delta?: unknown };
  return actual === type && typeof (type === 'text' ? text : delta) === 'string';
}

/** Folds whole-text parse events into generate content: adjacent text (or reasoning) merged. */
class ContentCollector {
  calls = 0;
  private invalid = 0;

  constructor(
    private readonly content: LanguageModelV3Content[],
    private readonly ids: CallIdGuard,
  ) {}

  /** The text or reasoning part this collector wrote last: only that one takes more text. */
  private own: LanguageModelV3Content | undefined;

  add(events: readonly ParseEvent[]): void {
    for (const event of events) {
      if (event.type === 'text-delta' || event.type === 'reasoning-delta') {
        const kind = event.type === 'text-delta' ? 'text' : 'reasoning';
        const last = this.content.at(-1);
        // An upstream part is never extended: its reasoning may be signed (`providerMetadata`), and
        // a part that is not text (`text: 42`) is passed on as it came.
        let own: LanguageModelV3Content | undefined;
        if (last !== undefined && last === this.own && last.type === kind) {
          own = { ...last, text: last.text + event.delta };
          this.content[this.content.length - 1] = own;
        } else if (event.delta !== '') {
          this.content.push({ type: kind, text: event.delta });
          own = this.content.at(-1);
        }
        if (own !== undefined) this.own = own;
      } else if (event.type === 'tool-call') {
        this.calls++;
        this.content.push(this.ids.part(toolCallPart(event), 'parsed'));
      } else if (event.type === 'tool-call-invalid') {
        this.content.push(this.ids.part(invalidCallPart(event, `invalid_${this.invalid++}`), 'parsed'));
      }
    }
  }
}
