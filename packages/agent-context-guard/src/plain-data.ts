// Readers for values from outside (callers, stored sessions, verifiers). They never throw: a value
// that is not plain data, or that throws while being read, comes back as `undefined`.

// Taken once so a later reassignment of the global cannot switch off the Proxy check.
const { structuredClone: cloneStructured } = globalThis as unknown as {
  readonly structuredClone: (value: unknown) => unknown;
};

/**
 * True when the value survives structured cloning. That is the portable way to reject Proxies,
 * functions, symbols and throwing getters anywhere in a tree before any field of it is trusted.
 */
export function isStructuredData(value: unknown): boolean {
  try {
    cloneStructured(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads an object literal (prototype `Object.prototype` or `null`) whose own properties are all
 * enumerable data properties with string keys. A Map keeps a key such as `__proto__` ordinary.
 */
export function readPlainRecord(value: unknown): ReadonlyMap<string, unknown> | undefined {
  try {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return undefined;
    }
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) {
      return undefined;
    }
    const fields = new Map<string, unknown>();
    for (const key of Reflect.ownKeys(value)) {
      const property = typeof key === 'string' ? readDataProperty(value, key) : undefined;
      if (property === undefined) {
        return undefined;
      }
      fields.set(key as string, property.value);
    }
    return fields;
  } catch {
    return undefined;
  }
}

/** Reads a dense array with `Array.prototype` and no properties besides its elements. */
export function readPlainArray(value: unknown): readonly unknown[] | undefined {
  try {
    if (!Array.isArray(value) || Object.getPrototypeOf(value) !== Array.prototype) {
      return undefined;
    }
    const array: readonly unknown[] = value;
    const length = array.length;
    // Elements plus `length`: checked first so a huge sparse array is refused without a long loop.
    if (Reflect.ownKeys(array).length !== length + 1) {
      return undefined;
    }
    const elements: unknown[] = [];
    for (let index = 0; index < length; index += 1) {
      const element = readDataProperty(array, String(index));
      if (element === undefined) {
        return undefined;
      }
      elements.push(element.value);
    }
    return elements;
  } catch {
    return undefined;
  }
}

function readDataProperty(owner: object, key: string): { readonly value: unknown } | undefined {
  const descriptor = Object.getOwnPropertyDescriptor(owner, key);
  if (descriptor === undefined || !Object.hasOwn(descriptor, 'value') || descriptor.enumerable !== true) {
    return undefined;
  }
  return { value: descriptor.value };
}
