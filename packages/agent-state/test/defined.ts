/** Narrows away `undefined`, failing the test when the value is missing. */
export function defined<T>(value: T | undefined): T {
  if (value === undefined) {
    throw new Error('expected a value, got undefined');
  }
  return value;
}
