/**
 * The calls of the last assistant turn that results without an id may answer (Gemini
 * `functionResponse`, Ollama `tool` messages): a result takes the first unanswered call with its name,
 * or, when it has no name, the first unanswered call (the providers pair by name and position:
 * providers.md §4d, §7d). Deterministic; each call answers once; O(1) amortized per result.
 */
export class PendingCalls {
  private calls: Array<{ readonly id: string; readonly name: string; answered: boolean }> = [];
  /** Per name: the positions of its calls, and how many of them were looked at. */
  private byName = new Map<string, { readonly positions: number[]; next: number }>();
  private next = 0;

  /** Starts a new assistant turn with these calls (the previous turn's are forgotten). */
  reset(calls: ReadonlyArray<{ readonly id: string; readonly name: string }> = []): void {
    this.calls = calls.map((call) => ({ id: call.id, name: call.name, answered: false }));
    this.byName = new Map();
    this.next = 0;
    this.calls.forEach((call, position) => {
      let entry = this.byName.get(call.name);
      if (!entry) {
        entry = { positions: [], next: 0 };
        this.byName.set(call.name, entry);
      }
      entry.positions.push(position);
    });
  }

  /** The call a result named `name` (`""`: no name) answers, marked answered; `undefined` if none is left. */
  take(name: string): { readonly id: string; readonly name: string } | undefined {
    const entry = this.byName.get(name);
    if (entry) {
      while (entry.next < entry.positions.length) {
        const call = this.calls[entry.positions[entry.next++] as number];
        if (call && !call.answered) return this.answer(call);
      }
    }
    if (name !== '') return undefined;
    while (this.next < this.calls.length) {
      const call = this.calls[this.next++];
      if (call && !call.answered) return this.answer(call);
    }
    return undefined;
  }

  private answer(call: { readonly id: string; readonly name: string; answered: boolean }) {
    call.answered = true;
    return { id: call.id, name: call.name };
  }
}
