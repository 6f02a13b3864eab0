/** `schema` rewritten into the form toolwire and node-llama-cpp read as one language, or why not. */
export function sameLanguageSchema(
  schema: unknown,
): { schema: object; reason?: undefined } | { schema?: undefined; reason: string };
