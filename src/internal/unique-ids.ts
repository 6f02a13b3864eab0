/**
 * Hands out the ids of one turn's calls so that no two calls share one: an id already given out (a
 * model that repeats `functions.f:0`, or a model id equal to a generated `call_N`) gets the first free
 * `_2`, `_3`, ... suffix. Deterministic: the same ids in the same order give the same answers.
 */
export class UniqueIds {
  /** Made on the first claim, `next` on the first repeat: a parser is made per parse, most see no repeat. */
  private used: Set<string> | undefined;
  /**
   * Per id asked for again: the suffix to try next, so a model that repeats one id costs O(1) per call.
   * An id asked for once has no entry (its next suffix is 2).
   */
  private next: Map<string, number> | undefined;

  /** `id` itself if no call has it yet, else the first free `${id}_N` (N from 2); marks it used. */
  claim(id: string): string {
    this.used ??= new Set();
    const used = this.used;
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
    this.next ??= new Map();
    const next = this.next;
    let unique = id;
    let suffix = next.get(id) ?? 2;
    while (used.has(unique)) {
      unique = `${id}_${suffix}`;
      suffix++;
    }
    next.set(id, suffix);
    used.add(unique);
    return unique;
  }

  /** Marks `id` used as it is (an id given out before, elsewhere), without claiming a new one. */
  reserve(id: string): void {
    this.used ??= new Set();
    this.used.add(id);
  }

  clear(): void {
    this.used?.clear();
    this.next?.clear();
  }
}
