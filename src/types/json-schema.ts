/**
 * A JSON Schema as a tool definition carries it: an object (draft 2020-12 or draft-07 keywords) or a
 * boolean schema. Kept open on purpose: `schema/` interprets the keywords and reports the ones it does
 * not understand.
 */
export type JSONSchema = boolean | { readonly [keyword: string]: unknown };
