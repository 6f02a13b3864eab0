/** The UTF-8 encoding of U+FEFF, the byte order mark. */
const bom = [0xef, 0xbb, 0xbf];

/**
 * The chunks of `input` as buffers, less a UTF-8 byte order mark at the very start (as a WHATWG
 * decoder drops it: it is no text; editors on Windows write one), also when it is split across the
 * first chunks. Bytes that only began like one are passed on unchanged.
 */
export async function* withoutLeadingBom(input: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  let head: Buffer | undefined = Buffer.alloc(0);
  for await (const item of input) {
    const chunk = typeof item === 'string' ? Buffer.from(item) : item;
    if (head === undefined) {
      yield chunk;
      continue;
    }
    const start: Buffer = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
    let matched = 0;
    while (matched < bom.length && matched < start.length && start[matched] === bom[matched]) matched++;
    if (matched < bom.length && matched === start.length) {
      // All of it so far begins a byte order mark: wait for the next chunk to tell.
      head = start;
      continue;
    }
    head = undefined;
    const rest = matched === bom.length ? start.subarray(bom.length) : start;
    if (rest.length > 0) yield rest;
  }
  if (head !== undefined && head.length > 0) yield head;
}
