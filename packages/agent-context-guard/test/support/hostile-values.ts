// Values that look like, or wrap, valid plain data but must be refused (or ignored) as not plain data.

import { THROWING_TRAPS, failWithForeignError as fail, revokedProxy } from '@j1nn0/test-checks';

type PlainRecord = Record<string, unknown>;
export type HostileVariant = readonly [name: string, make: (valid: PlainRecord) => unknown];

function withAccessor(valid: PlainRecord, key: string, get: () => unknown): object {
  return Object.defineProperty({ ...valid }, key, { get, enumerable: true, configurable: true });
}

class ArrayCopy<T> extends Array<T> {}

/** Serializes to exactly the plain object it was built from, and is still not one. */
class RecordCopy {
  constructor(fields: PlainRecord) {
    Object.assign(this, fields);
  }

  toJSON(): PlainRecord {
    return Object.fromEntries(Object.entries(this));
  }
}

/** Each variant wraps or reshapes an otherwise valid object, so a refusal can only come from the wrapping. */
export const HOSTILE_OBJECT_VARIANTS: readonly HostileVariant[] = [
  ['a Proxy without traps', (valid) => new Proxy(valid, {})],
  ['a Proxy whose traps throw', (valid) => new Proxy(valid, THROWING_TRAPS)],
  ['a revoked Proxy', revokedProxy],
  ['a class instance', (valid) => new RecordCopy(valid)],
  ['an object inheriting from another object', (valid) => Object.assign(Object.create({ inherited: true }) as object, valid)],
  ['an object whose id getter throws', (valid) => withAccessor(valid, 'id', fail)],
  ['an object whose id is a getter', (valid) => withAccessor(valid, 'id', () => valid['id'])],
  ['an object with a non-enumerable id', (valid) => Object.defineProperty({ ...valid }, 'id', { enumerable: false })],
  ['an object with a symbol key', (valid) => ({ ...valid, [Symbol('extra')]: true })],
  ['an object holding a function', (valid) => ({ ...valid, id: () => valid['id'] })],
  ['a Map', (valid) => new Map(Object.entries(valid))],
  ['a Date', () => new Date(0)],
  ['an array', (valid) => [valid]],
  ['null', () => null],
  ['undefined', () => undefined],
  ['a string', (valid) => JSON.stringify(valid)],
  ['a number', () => 42],
];

/** Array shapes that must be refused even though every element is valid. */
export const HOSTILE_ARRAY_VARIANTS: readonly (readonly [name: string, make: (valid: unknown[]) => unknown])[] = [
  ['a Proxy of an array', (valid) => new Proxy(valid, {})],
  ['an array subclass', (valid) => Object.setPrototypeOf([...valid], ArrayCopy.prototype) as unknown],
  ['a sparse array', (valid) => Object.assign(new Array<unknown>(valid.length + 2), valid)],
  ['an array with an extra property', (valid) => Object.assign([...valid], { extra: true })],
  ['an array with a throwing element getter', (valid) => Object.defineProperty([...valid], 0, { get: fail })],
  ['an object with numeric keys', (valid) => Object.assign({}, valid, { length: valid.length })],
];
