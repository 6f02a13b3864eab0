/** Whether `text` is valid (strict) JSON, as `JSON.parse` reads it. */
export function isStrictJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
