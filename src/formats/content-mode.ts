/**
 * What `FormatOptions.content` does to the text outside calls and reasoning (see there):
 * - `"verbatim"`: as the model wrote it (default);
 * - `"nonblank"`: as written, but content that is only whitespace becomes `""`;
 * - `"trim"`: leading and trailing whitespace of the whole content removed (`content.trim()`);
 * - `"narrative"`: each piece of text between calls trimmed, empty pieces dropped, the rest joined
 *   with `"\n"`;
 * - `"json"`: as `"trim"`, and a Markdown code fence around the content (an opening line of three
 *   backticks and an optional language tag, a closing line of three backticks) is dropped.
 * Whitespace is what `String.prototype.trim` removes (ECMAScript WhiteSpace and LineTerminator).
 */
export type ContentMode = 'verbatim' | 'nonblank' | 'trim' | 'narrative' | 'json';

export const contentModes: readonly ContentMode[] = ['verbatim', 'nonblank', 'trim', 'narrative', 'json'];
