/** The default number of responses kept for `previous_response_id`. */
export const DEFAULT_RESPONSE_STORE_SIZE = 1000;

/** The default bound on what the kept responses hold, in bytes as `approximateBytes` counts them: 256 MiB. */
export const DEFAULT_RESPONSE_STORE_BYTES = 256 * 1024 * 1024;

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
 * refer to an item of (`item_reference`), in memory, at most `size` of them holding at most `bytes`
 * (each entry's input items and response object, as `approximateBytes` counts them): the least
 * recently stored or used is dropped first. A `size` or `bytes` of 0 keeps none; a response larger
 * than `bytes` on its own is not kept. Without the byte bound, a thousand requests near the body
 * limit would hold gigabytes and end the process.
 *
 * Each entry holds its own items and a reference to the response it continued, not a copy of the
 * conversation, so memory grows with the items once, not with the square of a conversation's
 * length; a dropped entry's items stay alive only while a kept continuation of it does. Items are
 * also indexed by `id` while a kept response holds them; when two responses hold items of one id, the
 * one stored first is the one found.
 */
export class ResponseStore {
  private readonly entries = new Map<string, StoredResponse>();
  private readonly items = new Map<string, IndexedItem>();
  /** Each kept entry's `approximateBytes`, and their sum. */
  private readonly sizes = new Map<string, number>();
  private held = 0;

  constructor(
    private readonly size: number = DEFAULT_RESPONSE_STORE_SIZE,
    private readonly bytes: number = DEFAULT_RESPONSE_STORE_BYTES,
  ) {}

  /** Keeps `entry` under `id`, dropping the least recently used entries while over a bound. */
  put(id: string, entry: StoredResponse): void {
    if (this.size <= 0 || this.bytes <= 0) return;
    this.delete(id);
    const bytes = approximateBytes([entry.input, entry.response]);
    if (bytes > this.bytes) return;
    this.entries.set(id, entry);
    this.sizes.set(id, bytes);
    this.held += bytes;
    for (const item of ownItems(entry)) {
      const itemId = itemIdOf(item);
      if (itemId === undefined) continue;
      const indexed = this.items.get(itemId);
      // The first item stored under an id stays the one found: the gateway's own ids are random,
      // so a later request cannot put an item of its own in the place of another conversation's.
      if (indexed === undefined) this.items.set(itemId, { item, holders: 1 });
      else indexed.holders++;
    }
    while (this.entries.size > this.size || this.held > this.bytes) {
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
    this.held -= this.sizes.get(id) ?? 0;
    this.sizes.delete(id);
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

/**
 * About how many bytes `value` (parsed JSON: objects, arrays, strings, numbers, booleans, null)
 * takes in memory: two bytes a string character plus a small overhead for each string, key, element
 * and container. A value reached twice is counted twice. Iterative, so any depth is safe; time is
 * linear in the value.
 */
export function approximateBytes(value: unknown): number {
  let total = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') total += 16 + 2 * next.length;
    else if (Array.isArray(next)) {
      total += 16 + 8 * next.length;
      for (const element of next) pending.push(element);
    } else if (typeof next === 'object' && next !== null) {
      total += 32;
      for (const key of Object.keys(next)) {
        total += 16 + 2 * key.length;
        pending.push((next as Record<string, unknown>)[key]);
      }
    } else total += 8;
  }
  return total;
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
