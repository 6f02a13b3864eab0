import type { LanguageModelV3Content, LanguageModelV3StreamPart } from '@ai-sdk/provider';

type Part = LanguageModelV3StreamPart | LanguageModelV3Content;

/**
 * Keeps tool call ids unique within one response when the middleware's parsed calls (ids from the
 * parser, `call_0`, `call_1`, ...) meet calls the upstream model made natively (provider-executed
 * tools, whose ids a server may also number `call_0`). The AI SDK requires `toolCallId` to be unique
 * across a response's calls; a clash would pair a result with the wrong call.
 *
 * Every call id is kept as it is unless an id of the other origin already took it; then it gets a
 * `-N` suffix, the same for every part of that call (`tool-input-*` parts by `id`, `tool-call`,
 * `tool-result` and `tool-approval-request` by `toolCallId`).
 */
export class CallIdGuard {
  private readonly used = new Set<string>();
  private readonly parsedIds = new Map<string, string>();
  private readonly nativeIds = new Map<string, string>();

  /** `part` with its call id made unique among the response's ids (`origin`: who made the call). */
  part<T extends Part>(part: T, origin: 'parsed' | 'native'): T {
    // An upstream may send a part that is not one (`null`, a string): passed on as it came.
    if (typeof part !== 'object' || part === null) return part;
    switch (part.type) {
      case 'tool-input-start':
      case 'tool-input-delta':
      case 'tool-input-end': {
        const id = this.id(part.id, origin);
        return id === part.id ? part : { ...part, id };
      }
      case 'tool-call':
      case 'tool-result':
      case 'tool-approval-request': {
        const id = this.id(part.toolCallId, origin);
        return id === part.toolCallId ? part : { ...part, toolCallId: id };
      }
      default:
        return part;
    }
  }

  private id(id: string, origin: 'parsed' | 'native'): string {
    // A part without a string id (an upstream's malformed part) keeps what it has: no id is made up.
    if (typeof id !== 'string') return id;
    const ids = origin === 'parsed' ? this.parsedIds : this.nativeIds;
    const known = ids.get(id);
    if (known !== undefined) return known;
    let unique = id;
    for (let suffix = 1; this.used.has(unique); suffix++) unique = `${id}-${suffix}`;
    this.used.add(unique);
    ids.set(id, unique);
    return unique;
  }
}
