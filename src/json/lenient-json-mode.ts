/**
 * The two ways the one lenient JSON engine reads text. They differ on purpose: a tool-call body is
 * JSON a model meant to write (so a comma separates, a quote before a letter is text), while an
 * answer in prose is JSON-ish text BAML's `jsonish` parser reads (so a comma inside a sentence is
 * text and a key without a value is no member). Each row is one switch of {@link LenientJsonMode}:
 *
 * | switch | `callBody` (tool-call bodies) | `freeText` (answers in prose) |
 * | --- | --- | --- |
 * | `cutNumbers` | a number cut off by the end is kept (`[1, 2` → `[1,2]`) | in a partial (streamed) text it is left out, it may still grow (`[1, 2` → `[1]`) |
 * | `unquotedValues` | an unquoted value ends at `,` or a line break | a member value goes on across `,` and line breaks until a `key:`, a closer or the end follows (`a: Hi, friends` → `"Hi, friends"`) |
 * | `quoteEnd` | a quote ends a string unless a letter follows it, with a second reading that finds a missing end quote (`missing_quote`) | a quote ends a string only when a delimiter of its place follows (`,` then a key, `}`, `]`, a line break, `:` for keys); a JSON-looking body keeps its quotes until its brackets balance |
 * | `backticks` | `` ` `` opens a string that any single-like quote (`'` `’` `´` `` ` ``) closes | only another `` ` `` closes it (code with `'` inside stays whole) |
 * | `thousandsSeparators` | `1,234` is two items | `-2,000.00` is one number (`thousands_separator`) |
 * | `valuelessKeys` | `{"a":}` → `{"a":null}` (`missing_value`) | the key is left out (`{{name}}` placeholders in prose are no members) (`dropped_key`) |
 * | `nonFinite` | `NaN`, `Infinity` → `null` | kept as the text `"NaN"` (never a number; coercion.md Table A row 33) |
 * | `hashComments` | `#` starts a comment only before a space (`#fff` is text) | any `#` outside a string starts a comment |
 *
 * Both modes share everything else (escapes, quote families, triple-quoted and fenced strings,
 * numbers, literals, comments, the typographic closing quote, the repair log), so a repair fixed
 * once holds in both. Sources: jsonrepair for `callBody`, BAML `jsonish` (`fixing_parser`,
 * `json_collection.rs`) for `freeText`; coercion.md Table A has the evidence per row.
 */
export interface LenientJsonMode {
  readonly cutNumbers: 'keep' | 'omit_when_partial';
  readonly unquotedValues: 'to_delimiter' | 'to_next_key';
  readonly quoteEnd: 'verdict' | 'delimiter';
  readonly backticks: 'single_like' | 'backtick_only';
  readonly thousandsSeparators: boolean;
  readonly valuelessKeys: 'null' | 'omit';
  readonly nonFinite: 'null' | 'text';
  readonly hashComments: 'before_space' | 'any';
}

/** The name of a preset in {@link lenientJsonModes}. */
export type LenientJsonModeName = 'callBody' | 'freeText';

/** The presets, by name; see {@link LenientJsonMode} for what each switch does. */
export const lenientJsonModes: Readonly<Record<LenientJsonModeName, LenientJsonMode>> = {
  callBody: {
    cutNumbers: 'keep',
    unquotedValues: 'to_delimiter',
    quoteEnd: 'verdict',
    backticks: 'single_like',
    thousandsSeparators: false,
    valuelessKeys: 'null',
    nonFinite: 'null',
    hashComments: 'before_space',
  },
  freeText: {
    cutNumbers: 'omit_when_partial',
    unquotedValues: 'to_next_key',
    quoteEnd: 'delimiter',
    backticks: 'backtick_only',
    thousandsSeparators: true,
    valuelessKeys: 'omit',
    nonFinite: 'text',
    hashComments: 'any',
  },
};
