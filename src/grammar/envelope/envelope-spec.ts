/**
 * The envelope of one tool-call text format, as data: the format's own markers around the argument
 * grammars, in its own argument encoding. One spec serves the grammar (`envelopeGrammar`), the
 * structural tag (`envelopeStructuralTag`) and the text of a call (`renderToolCalls`), so the three
 * agree by construction; the round-trip tests check them against the format's parser.
 *
 * Templates are literal text with placeholders: `{name}` (the tool name), `{index}` (the call's
 * position, from `indexBase`), and in keyed arguments `{key}` (the argument name) and `{type}` (its
 * type label). This is llama.cpp's autoparser data model (`common/chat-auto-parser.h`: section,
 * per-call markers, name prefix/suffix, argument prefix/suffix/separator; see
 * `../shared/docs/formats.md` §1).
 */
export interface EnvelopeSpec {
  /** Markers around all calls of a turn (`<|tool_calls_section_begin|>` ... ), if any. */
  readonly section?: { readonly open: string; readonly close: string };
  /** One call: `open` (with `{name}`, `{index}`) then the arguments then `close`. */
  readonly call: { readonly open: string; readonly close: string };
  /** Between two calls (default nothing). */
  readonly separator?: string;
  /** The first `{index}` (default 0). */
  readonly indexBase?: number;
  /** How the arguments are written. */
  readonly arguments: ArgumentEncoding;
  /** A reasoning block the format allows before the calls. */
  readonly reasoning?: { readonly open: string; readonly close: string };
  /**
   * The text that starts the calls, for lazy grammars and free text (default: `section.open`, else the
   * literal start of `call.open`). `null`: the calls start with no marker of their own, so free text
   * before them cannot be told apart (`toolChoice: 'auto'` then allows text or calls, not both).
   */
  readonly trigger?: string | null;
  /** Free text may come before the calls under `toolChoice: 'auto'` (default true). */
  readonly textBefore?: boolean;
  /**
   * Text before the calls is a block of its own (Harmony's `commentary` preamble message): `open`,
   * the text (without `close`), `close`. Takes the place of `textBefore`.
   */
  readonly textBlock?: { readonly open: string; readonly close: string };
  /** No calls at all in this format (content only): only `auto` and `none` can be expressed. */
  readonly noCalls?: boolean;
}

/**
 * - `json`: the arguments object as JSON (hermes, mistral, kimi_k2, deepseek, harmony, ...).
 * - `keyed`: one entry per argument, `open` + value + `close`, entries joined by `separator`, in the
 *   schema's property order (optional ones may be left out; no undeclared keys). `strings`: `raw` (a
 *   string value is the text itself and cannot contain the closing text: XML parameters, GLM
 *   key/value tags), `json` (JSON strings, the other values JSON too: Python call syntax), or
 *   `{ quote }` (text between two `quote` markers: Gemma). Other values are JSON of their schema;
 *   with `values: 'python'` `true`/`false`/`null` may also be spelled `True`/`False`/`None`.
 *   `types` fills `{type}`: `string` for a raw string, else `other` (a fixed label) or, when `other`
 *   is `'json-type'`, the value's JSON type name (integers as `number`).
 */
export type ArgumentEncoding =
  | { readonly kind: 'json' }
  | {
      readonly kind: 'keyed';
      readonly open: string;
      readonly close: string;
      readonly separator?: string;
      readonly strings: 'raw' | 'json' | { readonly quote: string };
      readonly values?: 'json' | 'python';
      readonly types?: { readonly string: string; readonly other: string };
      /** Text a raw value must not contain besides its `close` (markers that end the call). */
      readonly rawExcludes?: readonly string[];
    };

/** One piece of a template: literal text or a placeholder. */
export type TemplatePiece = { readonly text: string } | { readonly slot: 'name' | 'index' | 'key' | 'type' };

/** Splits a template into literal text and placeholders. */
export function templatePieces(template: string): TemplatePiece[] {
  const out: TemplatePiece[] = [];
  let last = 0;
  for (const match of template.matchAll(/\{(name|index|key|type)\}/g)) {
    if (match.index > last) out.push({ text: template.slice(last, match.index) });
    out.push({ slot: match[1] as 'name' | 'index' | 'key' | 'type' });
    last = match.index + match[0].length;
  }
  if (last < template.length) out.push({ text: template.slice(last) });
  return out;
}

/** A template with its placeholders filled. */
export function fillTemplate(
  template: string,
  values: Partial<Record<'name' | 'index' | 'key' | 'type', string>>,
): string {
  return template.replace(
    /\{(name|index|key|type)\}/g,
    (whole, slot: 'name' | 'index' | 'key' | 'type') => values[slot] ?? whole,
  );
}

/** The text that starts the calls (see `EnvelopeSpec.trigger`); `undefined` when there is none. */
export function envelopeTrigger(spec: EnvelopeSpec): string | undefined {
  if (spec.trigger === null) return undefined;
  if (spec.trigger !== undefined) return spec.trigger;
  if (spec.section !== undefined) return spec.section.open;
  const first = templatePieces(spec.call.open)[0];
  return first !== undefined && 'text' in first ? first.text : undefined;
}

/**
 * True when a preamble or reasoning block opens with the trigger (Muse's ` to=user`), so the trigger
 * alone would switch on the calls too early: each call's own opening is then the trigger.
 */
export function blockSharesTrigger(spec: EnvelopeSpec): boolean {
  const trigger = envelopeTrigger(spec);
  return [spec.textBlock?.open, spec.reasoning?.open].some(
    (open) => open !== undefined && trigger !== undefined && open.startsWith(trigger),
  );
}
