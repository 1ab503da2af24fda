/**
 * A deep copy of plain data (objects with Object's prototype or none, arrays, primitives), as
 * `structuredClone` makes it but several times faster: every published event snapshots its order,
 * and in a lunch rush that clone was a fifth of advancing the clock. Anything else (a Date, a Map,
 * a class instance) is handed to `structuredClone`, so the copy is never shallower than it.
 *
 * @example
 * const snapshot = clonePlain({ order }); // later changes to `order` leave `snapshot` as it was
 */
export function clonePlain<T>(value: T): T {
  return copy(value) as T;
}

const OWN = { writable: true, enumerable: true, configurable: true } as const;

function copy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copy(value[i]);
    return out;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copy((value as Record<string, unknown>)[key]);
    // An own `__proto__` key (JSON.parse makes one) stays a key: assigning it would set the prototype.
    if (key === '__proto__') Object.defineProperty(out, key, { value: item, ...OWN });
    else out[key] = item;
  }
  return out;
}
