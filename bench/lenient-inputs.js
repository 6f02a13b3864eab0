// Inputs for bench/lenient.bench.js: the common repairs of issue 30 (single quotes, unquoted keys,
// truncation, a Markdown fence) on tool-argument-like documents of about 4 KB, 64 KB and 1 MB. The
// text is generated (deterministic, no randomness) so every run and every build reads the same bytes.

/** The sizes timed, in characters (the texts are ASCII, so also bytes). */
export const lenientSizes = [
  ['4 KB', 4 * 1024],
  ['64 KB', 64 * 1024],
  ['1 MB', 1024 * 1024],
];

const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa'];

/** One record of a list of edits, as a model writes tool arguments. */
function record(index) {
  return {
    id: index,
    path: `src/${words[index % 10]}/${words[(index * 7) % 10]}-${index}.ts`,
    line: (index * 37) % 1000,
    score: ((index * 13) % 100) / 8,
    done: index % 3 === 0,
    note: null,
    text: `${words[index % 10]} ${words[(index + 3) % 10]} edit number ${index}, with \\"quotes\\" and a tab\\t`,
    tags: [words[index % 10], words[(index + 1) % 10]],
  };
}

/**
 * Valid JSON of at least `size` characters: `{"edits": [record, …]}`, one record per line as a
 * pretty-printing model writes them.
 */
function strictDocument(size, quote, keyQuote) {
  const lines = [];
  let length = 20;
  for (let index = 0; length < size; index++) {
    const line = serialize(record(index), quote, keyQuote);
    lines.push(line);
    length += line.length + 4;
  }
  return `{${keyQuote}edits${keyQuote}: [\n  ${lines.join(',\n  ')}\n]}`;
}

function serialize(value, quote, keyQuote) {
  if (value === null || typeof value !== 'object') {
    if (typeof value !== 'string') return String(value);
    // `text` carries JSON escapes already (\" and \t): kept as written, only the delimiters change.
    return `${quote}${quote === "'" ? value.replaceAll("\\'", "'") : value}${quote}`;
  }
  if (Array.isArray(value)) return `[${value.map((item) => serialize(item, quote, keyQuote)).join(', ')}]`;
  const members = Object.entries(value).map(
    ([key, item]) => `${keyQuote}${key}${keyQuote}: ${serialize(item, quote, keyQuote)}`,
  );
  return `{${members.join(', ')}}`;
}

/** The four kinds of broken input, each built from a document of about `size` characters. */
export const lenientKinds = {
  'single quotes': (size) => strictDocument(size, "'", "'"),
  'unquoted keys': (size) => strictDocument(size, '"', ''),
  // cut inside a string value near the end, as a model stopped by max_tokens leaves it
  truncated: (size) => {
    const text = strictDocument(size, '"', '"');
    const cut = text.lastIndexOf('edit number');
    return text.slice(0, cut + 6);
  },
  // jsonrepair reads a fence only at the start of the text (prose before it becomes a list item)
  fenced: (size) => `\`\`\`json\n${strictDocument(size, '"', '"')}\n\`\`\`\n`,
};
