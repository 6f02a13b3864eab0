/**
 * The calls of the last assistant turn that results without an id may answer (Gemini
 * `functionResponse`, Ollama `tool` messages): a result takes the first unanswered call with its name,
 * or, when it has no name, the first unanswered call (the providers pair by name and position:
 * providers.md §4d, §7d). Deterministic; each call answers once.
 */
export class PendingCalls {
  private calls: Array<{ readonly id: string; readonly name: string; answered: boolean }> = [];

  /** Starts a new assistant turn with these calls (the previous turn's are forgotten). */
  reset(calls: ReadonlyArray<{ readonly id: string; readonly name: string }> = []): void {
    this.calls = calls.map((call) => ({ id: call.id, name: call.name, answered: false }));
  }

  /** The call a result named `name` (`""`: no name) answers, marked answered; `undefined` if none is left. */
  take(name: string): { readonly id: string; readonly name: string } | undefined {
    const call =
      this.calls.find((candidate) => !candidate.answered && candidate.name === name) ??
      (name === '' ? this.calls.find((candidate) => !candidate.answered) : undefined);
    if (call) call.answered = true;
    return call;
  }
}
