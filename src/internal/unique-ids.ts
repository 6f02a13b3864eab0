/**
 * Hands out the ids of one turn's calls so that no two calls share one: an id already given out (a
 * model that repeats `functions.f:0`, or a model id equal to a generated `call_N`) gets the first free
 * `_2`, `_3`, ... suffix. Deterministic: the same ids in the same order give the same answers.
 */
export class UniqueIds {
  private readonly used = new Set<string>();
  /** Per id asked for: the suffix to try next, so a model that repeats one id costs O(1) per call. */
  private readonly next = new Map<string, number>();

  /** `id` itself if no call has it yet, else the first free `${id}_N` (N from 2); marks it used. */
  claim(id: string): string {
    let unique = id;
    let suffix = this.next.get(id) ?? 2;
    while (this.used.has(unique)) {
      unique = `${id}_${suffix}`;
      suffix++;
    }
    this.next.set(id, suffix);
    this.used.add(unique);
    return unique;
  }

  clear(): void {
    this.used.clear();
    this.next.clear();
  }
}
