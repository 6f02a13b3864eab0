// The value of a Python int or float literal's text (the scanner cuts the token out).

const decimalPattern = /^[-+]?(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][-+]?\d(?:_?\d)*)?$/;
const radixPattern = /^([-+]?)0([xXoObB])_?([0-9a-fA-F](?:_?[0-9a-fA-F])*)$/;

/** A Python int/float literal (with optional sign) as a number, or `undefined`. */
export function parsePythonNumber(text: string): number | undefined {
  if (text.length > 400) return undefined;
  const radix = radixPattern.exec(text);
  if (radix) {
    const base = { x: 16, o: 8, b: 2 }[radix[2]!.toLowerCase() as 'x' | 'o' | 'b'];
    const digits = radix[3]!.replaceAll('_', '');
    const value = Number.parseInt(digits, base);
    if (Number.isNaN(value) || value.toString(base) !== digits.toLowerCase().replace(/^0+(?=.)/, ''))
      return undefined;
    return radix[1] === '-' ? -value : value;
  }
  if (!decimalPattern.test(text)) return undefined;
  const value = Number(text.replaceAll('_', ''));
  return Number.isFinite(value) ? value : undefined;
}
