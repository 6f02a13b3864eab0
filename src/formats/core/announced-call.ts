import type { SchemaAlignment } from '../../schema/schema-alignment.js';
import { argumentJson } from './argument-json.js';
import { ArgumentStreamer } from './argument-streamer.js';
import type { CallParts } from './call-parts.js';
import type { ToolIndex } from './tool-index.js';

/**
 * The open call once `BaseFormatParser.announceCall` made it known (`tool-input-start` sent): its id
 * and name, whether argument deltas were sent for it, and the `ArgumentStreamer` its argument text
 * goes through when the format streams the model's own text. `lastDelta` is the delta that ends the
 * deltas as a JSON text of the call's final aligned input (the guarantee of issue 5).
 */
export class AnnouncedCall {
  /** Argument deltas were sent for the call. */
  streamed = false;
  /** The streamer of the model's argument text (`streamText`), made on its first piece. */
  private streamer: ArgumentStreamer | undefined;

  constructor(
    readonly id: string,
    readonly name: string,
  ) {}

  /**
   * The delta for the next piece of the model's argument text (`''` when nothing to send yet).
   * `tools`: the tools given (the call's parameters schema is read once, when the first piece comes);
   * `align`: `FormatOptions.align` (without it the arguments are not aligned).
   */
  streamText(piece: string, tools: ToolIndex | undefined, align: SchemaAlignment | undefined): string {
    this.streamer ??= new ArgumentStreamer(tools?.parameters(this.name), align);
    return this.streamer.push(piece);
  }

  /**
   * `streamText(piece)` for a piece read inside a JSON string of the argument text (see
   * `ArgumentStreamer.plain`): `'delta'` when the piece itself is the delta, `'quiet'` when it sends
   * nothing, `undefined` (nothing read) when `streamText` must read it.
   */
  plainText(piece: string): 'delta' | 'quiet' | undefined {
    return this.streamer?.plain(piece);
  }

  /**
   * The last argument delta of the call, `input` its final aligned arguments: what the streamer still
   * owes, or the members a format streamed (`CallParts.streamedKeys`) left to write, or, with nothing
   * streamed, the whole arguments; `undefined` when the format streamed them all itself.
   */
  lastDelta(input: Record<string, unknown>, parts: CallParts): string | undefined {
    if (this.streamer) return this.streamer.end(input);
    if (this.streamed) return parts.streamedKeys ? closingMembers(input, parts) : undefined;
    return wholeArgumentsDelta(input, parts);
  }
}

/**
 * The one argument delta of a call nothing was streamed for: the model's own JSON text when the
 * arguments are exactly the value it decodes to (`CallParts.argumentsJson`), else the input written.
 */
export function wholeArgumentsDelta(input: Record<string, unknown>, parts: CallParts): string {
  const exact = parts.argumentsJson !== undefined && input === parts.argumentsValue;
  return exact ? (parts.argumentsJson as string) : argumentJson(input);
}

/**
 * The last delta of arguments a format streamed as members (`CallParts.streamedKeys`): every member of
 * the aligned `input` that was not streamed as it is (a default alignment filled in, a value it
 * coerced), then `}`. A later duplicate key wins in `JSON.parse`, so the text parses to `input`.
 */
function closingMembers(input: Record<string, unknown>, parts: CallParts): string {
  const streamed = parts.streamedKeys as ReadonlySet<string>;
  const written = (parts.streamedValues ?? parts.argumentsValue) as Record<string, unknown>;
  let text = '';
  for (const key of Object.keys(input)) {
    if (streamed.has(key) && Object.hasOwn(written, key) && input[key] === written[key]) continue;
    text += `,${JSON.stringify(key)}:${argumentJson(input[key])}`;
  }
  return `${text}}`;
}
