/**
 * Sets `key` as an own, enumerable data property. Unlike `object[key] = value`, a key such as
 * `__proto__` stays plain data and never changes the object's prototype.
 */
export function setOwnProperty(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}
