import { AgentStateError, invalidInput } from './errors.js';

// Taken once so a later reassignment of the global cannot switch off the Proxy check.
const { structuredClone: cloneStructured } = globalThis as unknown as {
  structuredClone: (value: unknown) => unknown;
};

/**
 * Runs `parse` on a value from outside. Structured cloning is the portable way to reject Proxies,
 * functions, symbols and throwing getters anywhere in the tree before any field is trusted; after it,
 * `parse` reads only own data properties, so no caller code runs while a copy is being built.
 */
export function parseUntrusted<T>(value: unknown, label: string, parse: (value: unknown) => T): T {
  try {
    cloneStructured(value);
  } catch {
    throw invalidInput(`${label} must contain only plain data`);
  }
  try {
    return parse(value);
  } catch (error) {
    if (error instanceof AgentStateError) {
      throw error;
    }
    throw invalidInput(`${label} must contain only plain data`);
  }
}

/**
 * Reads an object literal (prototype `Object.prototype` or `null`) whose keys are all in `allowedKeys`
 * and whose properties are all enumerable data properties. Returns them in a Map, so that a key such
 * as `__proto__` is an ordinary entry.
 */
export function readPlainObject(
  value: unknown,
  path: string,
  allowedKeys: readonly string[],
): ReadonlyMap<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidInput(`${path} must be a plain object`);
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    throw invalidInput(`${path} must be a plain object`);
  }
  const fields = new Map<string, unknown>();
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key !== 'string' || !allowedKeys.includes(key)) {
      throw invalidInput(`${path} has an unknown key`);
    }
    fields.set(key, readDataProperty(value, key, path));
  }
  return fields;
}

/** Reads a dense array with `Array.prototype` and no properties besides its elements. */
export function readPlainArray(value: unknown, path: string): readonly unknown[] {
  if (!Array.isArray(value) || Object.getPrototypeOf(value) !== Array.prototype) {
    throw invalidInput(`${path} must be an array`);
  }
  const array: readonly unknown[] = value;
  // Elements plus `length`; checked first so a huge sparse array is rejected without a long loop.
  if (Reflect.ownKeys(array).length !== array.length + 1) {
    throw invalidInput(`${path} must be an array without holes or extra properties`);
  }
  const elements: unknown[] = [];
  for (let index = 0; index < array.length; index += 1) {
    if (!Object.hasOwn(array, index)) {
      throw invalidInput(`${path} must be an array without holes or extra properties`);
    }
    elements.push(readDataProperty(array, String(index), path));
  }
  return elements;
}

function readDataProperty(owner: object, key: string, path: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(owner, key);
  if (descriptor === undefined || !Object.hasOwn(descriptor, 'value') || descriptor.enumerable !== true) {
    throw invalidInput(`${path} must contain only plain data properties`);
  }
  return descriptor.value;
}
