/**
 * `make` memoized by its argument's identity, weakly (nothing is kept alive): for values derived from
 * constant objects, such as a format's marker lists from its config, which every parser of the format
 * would otherwise compute again. The argument is read once, on first use: mutating it later changes
 * nothing (format configs are constants of their modules).
 */
export function memoByObject<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined && !made.has(key)) {
      value = make(key);
      made.set(key, value);
    }
    return value as V;
  };
}
