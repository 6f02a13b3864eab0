/** The default number of responses kept for `previous_response_id`. */
export const DEFAULT_RESPONSE_STORE_SIZE = 1000;

/**
 * One kept response: the items it was asked with (this request's `input`), the items it answered
 * (`output`), and the response it continued. `instructions` are not kept: OpenAI does not carry them
 * over to a continuation either.
 */
export interface StoredResponse {
  readonly previous: StoredResponse | undefined;
  readonly input: readonly unknown[];
  readonly output: readonly unknown[];
}

/**
 * The responses a later request may continue with `previous_response_id`, in memory, at most `size`
 * of them: the least recently stored or used is dropped first (a `size` of 0 keeps none).
 *
 * Each entry holds its own items and a reference to the response it continued, not a copy of the
 * conversation, so memory grows with the items once, not with the square of a conversation's
 * length; a dropped entry's items stay alive only while a kept continuation of it does.
 */
export class ResponseStore {
  private readonly entries = new Map<string, StoredResponse>();

  constructor(private readonly size: number = DEFAULT_RESPONSE_STORE_SIZE) {}

  /** Keeps `entry` under `id`, dropping the least recently used entry when full. */
  put(id: string, entry: StoredResponse): void {
    if (this.size <= 0) return;
    this.entries.delete(id);
    this.entries.set(id, entry);
    while (this.entries.size > this.size) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** The entry kept under `id` (marking it recently used), or `undefined`. */
  get(id: string): StoredResponse | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry;
  }

  /** How many responses are kept now. */
  get count(): number {
    return this.entries.size;
  }
}

/**
 * The whole conversation up to and including `entry`: each response's input then output, oldest
 * first. Iterative, in time linear in the number of items.
 */
export function conversationItems(entry: StoredResponse): unknown[] {
  const chain: StoredResponse[] = [];
  for (let at: StoredResponse | undefined = entry; at !== undefined; at = at.previous) chain.push(at);
  const items: unknown[] = [];
  for (let index = chain.length - 1; index >= 0; index--) {
    const link = chain[index] as StoredResponse;
    for (const item of link.input) items.push(item);
    for (const item of link.output) items.push(item);
  }
  return items;
}
