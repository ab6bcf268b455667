import { isDeepStrictEqual } from 'node:util';

/** A failed smoke check; its message names the check and shows what differed. */
export class SmokeFailure extends Error {
  override readonly name = 'SmokeFailure';
}

function shown(value: unknown): string {
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

/** Counts passed checks; the first failing one throws a SmokeFailure. */
export class SmokeChecks {
  #passed = 0;

  get passed(): number {
    return this.#passed;
  }

  /** Passes when `actual` deep-equals `expected`. */
  equal(what: string, actual: unknown, expected: unknown): void {
    if (!isDeepStrictEqual(actual, expected)) {
      throw new SmokeFailure(`${what}\n  expected: ${shown(expected)}\n  got:      ${shown(actual)}`);
    }
    this.#passed += 1;
  }
}
