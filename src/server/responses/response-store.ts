/** The default number of responses kept for `previous_response_id`. */
export const DEFAULT_RESPONSE_STORE_SIZE = 1000;

/**
 * One kept response: the items it was asked with (this request's `input`, each with an `id`, item
 * references resolved), the items it answered (`output`), the response it continued, and the
 * response object as it was answered (for `GET /v1/responses/{id}`). `instructions` are not carried
 * over: OpenAI does not carry them over to a continuation either.
 */
export interface StoredResponse {
  readonly previous: StoredResponse | undefined;
  readonly input: readonly unknown[];
  readonly output: readonly unknown[];
  readonly response: Readonly<Record<string, unknown>>;
}

/** An item kept in the store, and how many kept responses hold an item of its id. */
interface IndexedItem {
  item: unknown;
  holders: number;
}

/**
 * The responses a later request may continue (`previous_response_id`), read back (`GET`), delete, or
 * refer to an item of (`item_reference`), in memory, at most `size` of them: the least recently
 * stored or used is dropped first (a `size` of 0 keeps none).
 *
 * Each entry holds its own items and a reference to the response it continued, not a copy of the
 * conversation, so memory grows with the items once, not with the square of a conversation's
 * length; a dropped entry's items stay alive only while a kept continuation of it does. Items are
 * also indexed by `id` while a kept response holds them; when two responses hold items of one id, the
 * one stored last is the one found.
 */
export class ResponseStore {
  private readonly entries = new Map<string, StoredResponse>();
  private readonly items = new Map<string, IndexedItem>();

  constructor(private readonly size: number = DEFAULT_RESPONSE_STORE_SIZE) {}

  /** Keeps `entry` under `id`, dropping the least recently used entry when full. */
  put(id: string, entry: StoredResponse): void {
    if (this.size <= 0) return;
    this.delete(id);
    this.entries.set(id, entry);
    for (const item of ownItems(entry)) {
      const itemId = itemIdOf(item);
      if (itemId === undefined) continue;
      const indexed = this.items.get(itemId);
      if (indexed === undefined) this.items.set(itemId, { item, holders: 1 });
      else {
        indexed.item = item;
        indexed.holders++;
      }
    }
    while (this.entries.size > this.size) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
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

  /** Drops the entry kept under `id`; `false` when there was none. */
  delete(id: string): boolean {
    const entry = this.entries.get(id);
    if (entry === undefined) return false;
    this.entries.delete(id);
    for (const item of ownItems(entry)) {
      const itemId = itemIdOf(item);
      const indexed = itemId === undefined ? undefined : this.items.get(itemId);
      if (itemId === undefined || indexed === undefined) continue;
      indexed.holders--;
      if (indexed.holders <= 0) this.items.delete(itemId);
    }
    return true;
  }

  /** The input or output item of a kept response with this `id`, or `undefined`. */
  item(id: string): unknown {
    return this.items.get(id)?.item;
  }

  /** How many responses are kept now. */
  get count(): number {
    return this.entries.size;
  }
}

function ownItems(entry: StoredResponse): unknown[] {
  return [...entry.input, ...entry.output];
}

/** An item's `id` when it is a non-empty string. */
export function itemIdOf(item: unknown): string | undefined {
  const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id !== '' ? id : undefined;
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

/**
 * The items a kept response was generated from: the conversation of the response it continued, then
 * its own input, oldest first (what `GET /v1/responses/{id}/input_items` lists).
 */
export function contextItems(entry: StoredResponse): unknown[] {
  const items = entry.previous === undefined ? [] : conversationItems(entry.previous);
  for (const item of entry.input) items.push(item);
  return items;
}
