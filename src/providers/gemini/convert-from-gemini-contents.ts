import type {
  AssistantPart,
  FilePart,
  ImagePart,
  JSONValue,
  Message,
  TextPart,
  ToolResultContentPart,
  ToolResultOutput,
  ToolResultPart,
} from '../../types/message.js';
import type { Warning } from '../../types/warning.js';
import { isRecord } from '../shared/call-accumulator.js';
import { PendingCalls } from '../shared/pending-calls.js';
import { readToolCall } from '../shared/read-tool-call.js';
import { withGoogleMetadata } from './gemini-metadata.js';

/**
 * Reads Gemini `contents` into canonical messages, leniently (unknown part kinds are reported and left
 * out, `null`s and missing fields tolerated, a non-object `args` becomes a `tool-call-invalid` part):
 *
 * - role `model` → `assistant`; `user` (or none) → `user`, its `functionResponse` parts → a `tool`
 *   message (a content mixing both is split in order); the legacy `function` role → `tool`.
 * - A `functionCall` without `id` gets `call_<content>_<n>` (n counting the calls of that content),
 *   marked `google.syntheticId`. A `functionResponse` without `id` is paired with an unanswered call of
 *   the model turn before it with the same name, in order (Gemini pairs by name and position:
 *   providers.md §4d); this is reported once per content. One that matches no call keeps a synthetic id
 *   of its own (`call_<content>_r<n>`), reported: `repairHistory` decides what to do with it.
 * - `response`: `{output: string}` → `text`, `{output: other}` → `json` of it, `{error: string}` →
 *   `error-text`, `{error: other}` → `error-json`, any other object → `json` of the whole object; with
 *   `parts` (media) → `content`.
 */
export function convertFromGeminiContents(contents: readonly unknown[], warnings: Warning[]): Message[] {
  const messages: Message[] = [];
  const pending = new PendingCalls();
  contents.forEach((content, contentIndex) => {
    if (!isRecord(content)) return;
    const parts = Array.isArray(content.parts) ? content.parts : [];
    if (content.role === 'model') {
      const read = readModelParts(parts, (k) => `call_${contentIndex}_${k}`, warnings);
      pending.reset(read.calls);
      messages.push({ role: 'assistant', content: read.parts });
      return;
    }
    let user: Array<TextPart | ImagePart | FilePart> = [];
    let results: ToolResultPart[] = [];
    let orphans = 0;
    let pairedByOrder = false;
    const flushUser = () => {
      if (user.length > 0) messages.push({ role: 'user', content: user });
      user = [];
    };
    const flushResults = () => {
      if (results.length > 0) messages.push({ role: 'tool', content: results });
      results = [];
    };
    for (const part of parts) {
      if (!isRecord(part)) continue;
      if (isRecord(part.functionResponse)) {
        flushUser();
        const response = part.functionResponse;
        const name = typeof response.name === 'string' ? response.name : '';
        let id = typeof response.id === 'string' && response.id !== '' ? response.id : undefined;
        let synthetic = false;
        let callName = name;
        if (id === undefined) {
          synthetic = true;
          const call = pending.take(name);
          if (call) {
            id = call.id;
            callName = call.name;
            pairedByOrder = true;
          } else {
            id = `call_${contentIndex}_r${orphans++}`;
            warnings.push({
              type: 'compatibility',
              feature: 'functionResponse without id',
              details: `gemini contents[${contentIndex}]: the response of "${name}" matches no call of the turn before; it keeps the id ${id}`,
            });
          }
        }
        results.push({
          type: 'tool-result',
          toolCallId: id,
          toolName: name === '' ? callName : name,
          output: readResponse(response.response, response.parts),
          ...withGoogleMetadata({ ...signatureOf(part), ...(synthetic ? { syntheticId: true } : {}) }),
        });
      } else {
        flushResults();
        const read = readUserPart(part, contentIndex, warnings);
        if (read) user.push(read);
      }
    }
    flushUser();
    flushResults();
    if (pairedByOrder) {
      warnings.push({
        type: 'compatibility',
        feature: 'functionResponse without id',
        details: `gemini contents[${contentIndex}]: responses without id were paired with the calls of the turn before by name and order`,
      });
    }
    pending.reset();
  });
  return messages;
}

/** The parts of one `model` content (a history turn or a response candidate), and its calls. */
export function readModelParts(
  parts: readonly unknown[],
  syntheticId: (callIndex: number) => string,
  warnings: Warning[],
): { parts: AssistantPart[]; calls: Array<{ id: string; name: string }> } {
  const out: AssistantPart[] = [];
  const calls: Array<{ id: string; name: string }> = [];
  for (const part of parts) {
    if (!isRecord(part)) continue;
    const signature = signatureOf(part);
    if (isRecord(part.functionCall)) {
      const call = part.functionCall;
      const given = typeof call.id === 'string' && call.id !== '' ? call.id : undefined;
      const id = given ?? syntheticId(calls.length);
      const name = typeof call.name === 'string' ? call.name : '';
      const metadata = withGoogleMetadata({
        ...signature,
        ...(given === undefined ? { syntheticId: true } : {}),
      });
      calls.push({ id, name });
      if (name === '') {
        const raw = JSON.stringify(call.args ?? {}) ?? '';
        const message = 'the functionCall has no name';
        out.push({
          type: 'tool-call-invalid',
          toolCallId: id,
          raw,
          error: message,
          issues: [{ code: 'missing_name', message }],
          ...metadata,
        });
      } else {
        out.push(readToolCall(id, name, { value: call.args }, metadata.providerOptions));
      }
    } else if (typeof part.text === 'string') {
      out.push(
        part.thought === true
          ? { type: 'reasoning', text: part.text, ...withGoogleMetadata(signature) }
          : { type: 'text', text: part.text, ...withGoogleMetadata(signature) },
      );
    } else if (isRecord(part.inlineData) || isRecord(part.fileData)) {
      const media = readMedia(part, false);
      if (media) out.push(media as FilePart);
    } else if (signature.thoughtSignature !== undefined) {
      // A part holding only a signature (Gemini 3 sends one at the end of a turn): kept as an empty text.
      out.push({ type: 'text', text: '', ...withGoogleMetadata(signature) });
    } else unknownPart(part, warnings);
  }
  return { parts: out, calls };
}

function readUserPart(
  part: Record<string, unknown>,
  contentIndex: number,
  warnings: Warning[],
): TextPart | ImagePart | FilePart | undefined {
  if (typeof part.text === 'string')
    return { type: 'text', text: part.text, ...withGoogleMetadata(signatureOf(part)) };
  if (isRecord(part.inlineData) || isRecord(part.fileData)) return readMedia(part, true);
  if (isRecord(part.functionCall)) {
    warnings.push({
      type: 'unsupported',
      feature: 'functionCall in a user content',
      details: `gemini contents[${contentIndex}]: a functionCall outside a model turn was left out`,
    });
    return undefined;
  }
  unknownPart(part, warnings);
  return undefined;
}

function readMedia(part: Record<string, unknown>, user: boolean): ImagePart | FilePart | undefined {
  const metadata = withGoogleMetadata(signatureOf(part));
  let data: string | URL;
  let mediaType: string | undefined;
  if (isRecord(part.inlineData)) {
    data = typeof part.inlineData.data === 'string' ? part.inlineData.data : '';
    mediaType = typeof part.inlineData.mimeType === 'string' ? part.inlineData.mimeType : undefined;
  } else {
    const file = part.fileData as Record<string, unknown>;
    const uri = typeof file.fileUri === 'string' ? file.fileUri : '';
    data = URL.canParse(uri) ? new URL(uri) : uri;
    mediaType = typeof file.mimeType === 'string' ? file.mimeType : undefined;
  }
  if (user && (mediaType === undefined || mediaType.startsWith('image/'))) {
    return { type: 'image', image: data, ...(mediaType === undefined ? {} : { mediaType }), ...metadata };
  }
  return { type: 'file', data, mediaType: mediaType ?? 'application/octet-stream', ...metadata };
}

function unknownPart(part: Record<string, unknown>, warnings: Warning[]): void {
  const kind =
    Object.keys(part).find((key) => key !== 'thoughtSignature' && key !== 'thought') ?? 'empty part';
  warnings.push({
    type: 'unsupported',
    feature: `gemini part ${kind}`,
    details: 'toolwire has no canonical form for this part; it was left out',
  });
}

function signatureOf(part: Record<string, unknown>): { thoughtSignature?: string } {
  return typeof part.thoughtSignature === 'string' ? { thoughtSignature: part.thoughtSignature } : {};
}

/** A `functionResponse.response` (and its media `parts`) as a canonical tool result output. */
export function readResponse(response: unknown, parts: unknown): ToolResultOutput {
  const media: ToolResultContentPart[] = [];
  if (Array.isArray(parts)) {
    for (const part of parts) {
      if (isRecord(part) && isRecord(part.inlineData)) {
        const data = typeof part.inlineData.data === 'string' ? part.inlineData.data : '';
        const mediaType =
          typeof part.inlineData.mimeType === 'string'
            ? part.inlineData.mimeType
            : 'application/octet-stream';
        media.push({ type: 'media', data, mediaType });
      }
    }
  }
  const value = (isRecord(response) ? response : {}) as { [key: string]: JSONValue };
  const keys = Object.keys(value);
  if (media.length > 0) {
    const output = value.output;
    const text = typeof output === 'string' ? output : JSON.stringify(value);
    return { type: 'content', value: [...(text === '' ? [] : [{ type: 'text' as const, text }]), ...media] };
  }
  if (keys.length === 1 && keys[0] === 'output') {
    const output = value.output as JSONValue;
    return typeof output === 'string' ? { type: 'text', value: output } : { type: 'json', value: output };
  }
  if (keys.length === 1 && keys[0] === 'error') {
    const error = value.error as JSONValue;
    return typeof error === 'string'
      ? { type: 'error-text', value: error }
      : { type: 'error-json', value: error };
  }
  return { type: 'json', value };
}
