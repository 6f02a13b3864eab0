/** The history rules of providers.md §9, by number. */
export type HistoryRule =
  | 'H1'
  | 'H2'
  | 'H3'
  | 'H4'
  | 'H5'
  | 'H6'
  | 'H7'
  | 'H8'
  | 'H9'
  | 'H10'
  | 'H11'
  | 'H12'
  | 'H13'
  | 'H14';

/**
 * What `repairHistory` did:
 * - `assign-id`: a call without an id got a synthetic one (H7).
 * - `rename-id`: an id repeated by an earlier call (H6) or not allowed by the target (H7) was rewritten,
 *   in the call and its results alike.
 * - `insert-result`: an error result was added for a call without one (H1; H10 for an invalid call).
 * - `drop-call`: a call was removed (a dangling call under policy `dangling: 'drop'`, H1; an invalid call
 *   without a name or an id, H10).
 * - `drop-result`: a result was removed (orphan H2, duplicate H6, result of a skipped call H10).
 * - `result-to-text`: an orphan result became user text (H2, policy `orphan: 'text'`).
 * - `move-result`: a result was moved next to its call (H3; H4 when only user content stood before it).
 * - `replay-invalid-call`: a `tool-call-invalid` part became a `tool-call` (H10).
 * - `replace-input`: an input that was not a JSON object became `{}` or the object its JSON text held (H9).
 * - `insert-message`: an assistant message was put between a tool message and a user message (H5).
 * - `merge-messages`: two adjacent messages of one role became one (H12).
 * - `drop-part`: an empty text part, or reasoning the target cannot take, was removed (H11, H12).
 * - `drop-message`: a message left without content was removed (H12).
 * - `strip-metadata`: another provider's `providerOptions` were removed (H11).
 * - `trim-text`: trailing whitespace of a final assistant text was removed (H12, Bedrock).
 * - `rename-tool`: a tool name the target does not allow was rewritten (H8).
 * - `set-tool-name`: a result's tool name was set to its call's (H14).
 */
export type HistoryAction =
  | 'assign-id'
  | 'rename-id'
  | 'insert-result'
  | 'drop-call'
  | 'drop-result'
  | 'result-to-text'
  | 'move-result'
  | 'replay-invalid-call'
  | 'replace-input'
  | 'insert-message'
  | 'merge-messages'
  | 'drop-part'
  | 'drop-message'
  | 'strip-metadata'
  | 'trim-text'
  | 'rename-tool'
  | 'set-tool-name';

/**
 * One change `repairHistory` made (or, with `strict: true`, one violation it found). `index` is the
 * zero-based index of the message in the INPUT that the change is about (for a result added to a call, the
 * call's message; for a merge, the later message). `toolCallId` is the id as the input wrote it, when the
 * change concerns one call or result that had an id.
 */
export interface HistoryChange {
  readonly rule: HistoryRule;
  readonly index: number;
  readonly action: HistoryAction;
  readonly detail: string;
  readonly toolCallId?: string;
}
