/**
 * Hands out the ids of one turn's calls so that no two calls share one: an id already given out (a
 * model that repeats `functions.f:0`, or a model id equal to a generated `call_N`) gets the first free
 * `_2`, `_3`, ... suffix. Deterministic: the same ids in the same order give the same answers.
 */
export class UniqueIds {
  private readonly used = new Set<string>();

  /** `id` itself if no call has it yet, else the first free `${id}_N` (N from 2); marks it used. */
  claim(id: string): string {
    let unique = id;
    for (let suffix = 2; this.used.has(unique); suffix++) unique = `${id}_${suffix}`;
    this.used.add(unique);
    return unique;
  }

  clear(): void {
    this.used.clear();
  }
}
