// The repair floors of the lenient JSON goal row (bench/lenient.bench.js): for each kind of damage in
// bench/lenient-inputs.js, the least work a repairing reader that ends in `JSON.parse` can do on it,
// written for that kind alone. Each undoes the damage in one pass that knows what the damage is (a real
// repair must first find it, and must not break what only looks like it), so each is a lower bound.

/**
 * The closers of a JSON text cut off inside a string: the quote, then `}` or `]` for each container
 * still open, innermost first (one scan of the string, escape and nesting state of every character).
 */
function closersOf(text) {
  const open = [];
  let inString = false;
  let escaped = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (escaped) escaped = false;
      else if (code === 0x5c) escaped = true;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b) open.push('}');
    else if (code === 0x5b) open.push(']');
    else if (code === 0x7d || code === 0x5d) open.pop();
  }
  return (inString ? '"' : '') + open.reverse().join('');
}

/** The floor for each kind of `lenientKinds`: `(text) => value`. */
export const repairFloors = {
  // Every single quote becomes a double one, natively (wrong where a string holds an apostrophe).
  'single quotes': (text) => JSON.parse(text.replaceAll("'", '"')),
  // Every word before a colon after `{` or `,` is quoted, natively (wrong inside strings).
  'unquoted keys': (text) => JSON.parse(text.replace(/([{,]\s*)([A-Za-z_]\w*):/g, '$1"$2":')),
  truncated: (text) => JSON.parse(text + closersOf(text)),
  // The body between the opening fence's line and the closing fence.
  fenced: (text) => JSON.parse(text.slice(text.indexOf('\n') + 1, text.lastIndexOf('```'))),
};
