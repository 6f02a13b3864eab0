// The floors of the stream ÷ whole goal rows (bench/stream.bench.js): what any streaming reader of
// 4-character pushes costs at the least, without toolwire's code.

/** Where the pieces of the raw text go: joined a block at a time, as `TextBuilder` does. */
const block = 256;

/**
 * What any consumer of this streaming API costs at the least: per push one event object in a new
 * array, iterated; the pieces kept for the call's raw text; at the end one `JSON.parse` of the big
 * call's arguments as JSON text (the value a stream must hand over). No scanning, no markers, no
 * alignment: the same work for every format.
 */
export function apiFloor(chunks, argumentText) {
  const parts = [];
  const blocks = [];
  let count = 0;
  let calls = 0;
  for (const chunk of chunks) {
    parts[count++] = chunk;
    if (count === block) {
      blocks.push(parts.join(''));
      count = 0;
    }
    for (const event of [{ type: 'tool-input-delta', id: 'call_0', delta: chunk }])
      if (event.type === 'tool-call') calls++;
  }
  parts.length = count;
  blocks.push(parts.join(''));
  // The raw text is made as a stream must make it (and used, so the join is not optimized away).
  if (blocks.join('').length === 0) calls--;
  JSON.parse(argumentText);
  return calls;
}

/**
 * `apiFloor` plus the least a reader of `family` must look at in each pushed character, written for
 * one format with nothing else: for `'json'` (arguments as JSON text: hermes, mistral, kimi_k2) the
 * string, escape and nesting state of every character (an end marker inside a string is text, and the
 * arguments end where their value closes); for `'tags'` (values as raw text between tags: glm45,
 * qwen3_coder) a search for `<` (a tag's start) and the delta written as JSON string text (a value's
 * quote, backslash or control character escaped).
 */
export function readerFloor(family, chunks, argumentText) {
  const parts = [];
  const blocks = [];
  let count = 0;
  let calls = 0;
  let inString = false;
  let escaped = false;
  let depth = 0;
  let tags = 0;
  for (const chunk of chunks) {
    parts[count++] = chunk;
    if (count === block) {
      blocks.push(parts.join(''));
      count = 0;
    }
    let delta = chunk;
    if (family === 'json') {
      for (let index = 0; index < chunk.length; index++) {
        const code = chunk.charCodeAt(index);
        if (inString) {
          if (escaped) escaped = false;
          else if (code === 0x5c) escaped = true;
          else if (code === 0x22) inString = false;
        } else if (code === 0x22) inString = true;
        else if (code === 0x7b || code === 0x5b) depth++;
        else if (code === 0x7d || code === 0x5d) depth--;
      }
    } else {
      if (chunk.indexOf('<') !== -1) tags++;
      for (let index = 0; index < chunk.length; index++) {
        const code = chunk.charCodeAt(index);
        if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) {
          delta = JSON.stringify(chunk).slice(1, -1);
          break;
        }
      }
    }
    for (const event of [{ type: 'tool-input-delta', id: 'call_0', delta }])
      if (event.type === 'tool-call') calls++;
  }
  parts.length = count;
  blocks.push(parts.join(''));
  // The state is used, so the loops are not optimized away.
  if (blocks.join('').length + depth + tags === 0) calls--;
  JSON.parse(argumentText);
  return calls;
}
