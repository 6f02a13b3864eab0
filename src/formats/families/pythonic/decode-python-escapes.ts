// The text of a Python string literal's body with its backslash escapes decoded.

const simpleEscapes: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
  '/': '/',
  '\n': '',
};

const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;

/** Decodes the escapes of a (non-raw) Python string body; an unknown escape keeps its backslash. */
export function decodePythonEscapes(body: string): string {
  if (!body.includes('\\')) return body;
  const out: string[] = [];
  let start = 0;
  let i = body.indexOf('\\');
  while (i >= 0 && i < body.length - 1) {
    out.push(body.slice(start, i));
    const next = body[i + 1]!;
    const simple = simpleEscapes[next];
    let consumed = 2;
    // `\0` followed by a digit is an octal escape, not NUL.
    if (simple !== undefined && !(next === '0' && isDigit(body.charCodeAt(i + 2)))) {
      out.push(simple);
    } else if (next === 'x' || next === 'u' || next === 'U') {
      const length = next === 'x' ? 2 : next === 'u' ? 4 : 8;
      const hex = body.slice(i + 2, i + 2 + length);
      const value =
        /^[0-9a-fA-F]+$/.test(hex) && hex.length === length ? Number.parseInt(hex, 16) : Number.NaN;
      if (Number.isNaN(value) || value > 0x10ffff) {
        out.push(body.slice(i, i + 2));
      } else {
        out.push(String.fromCodePoint(value));
        consumed = 2 + length;
      }
    } else if (next >= '0' && next <= '7') {
      const octal = /^[0-7]{1,3}/.exec(body.slice(i + 1, i + 4))![0];
      out.push(String.fromCharCode(Number.parseInt(octal, 8)));
      consumed = 1 + octal.length;
    } else if (next === '\r') {
      consumed = body[i + 2] === '\n' ? 3 : 2;
    } else {
      out.push(body.slice(i, i + 2));
    }
    start = i + consumed;
    i = body.indexOf('\\', start);
  }
  out.push(body.slice(start));
  return out.join('');
}
