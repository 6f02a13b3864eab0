/**
 * Type-level helpers for checking our wire types against the official SDKs' (the checks run in `tsc`,
 * which type-checks test/): `Expect<NoExtraKeys<Ours, Sdk>>` fails when one of our fields is not a
 * field of the SDK type (a misspelt or misplaced name), assignments fail when a field has the wrong type.
 */

/** Compiles only for `true`. */
export type Expect<T extends true> = T;

/** `true` when every key of `A` is a key of `B` (`Allowed`: keys the SDK type is known to lack). */
export type NoExtraKeys<A, B, Allowed extends PropertyKey = never> = [
  Exclude<keyof A, keyof B | Allowed>,
] extends [never]
  ? true
  : false;

/**
 * An SDK type as its JSON travels: TypeScript string enums (`FunctionCallingConfigMode.AUTO`) become
 * their string values (`"AUTO"`), and for `@google/genai`'s `Type` also the lower-case spelling the
 * REST API accepts and Google's REST examples use (`"object"`). Functions are kept, arrays and objects
 * mapped field by field.
 */
export type Wire<T> = T extends string
  ? string extends T
    ? T
    : `${T}` | Lowercase<`${T}`>
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends (...args: never[]) => unknown
      ? T
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;
