/**
 * Something a conversion could not carry exactly, in the AI SDK's `SharedV3Warning` shape:
 * `unsupported` (a feature the target cannot express: dropped or narrowed), `compatibility` (expressed
 * another way, e.g. a keyword moved into the description), `other`. Never thrown; returned beside the
 * result so nothing is narrowed silently.
 */
export type Warning =
  | { readonly type: 'unsupported'; readonly feature: string; readonly details?: string }
  | { readonly type: 'compatibility'; readonly feature: string; readonly details?: string }
  | { readonly type: 'other'; readonly message: string };
