// How the schema grammar reports what it cannot express: one callback, warnings located by JSON Pointer.

/** Records that `feature` is not (fully) expressed; `details` starts with the schema location. */
export type WarnUnexpressed = (feature: string, details: string) => void;

/** A JSON Pointer as warnings print it (the root as `/`). */
export function where(pointer: string): string {
  return pointer === '' ? '/' : pointer;
}
