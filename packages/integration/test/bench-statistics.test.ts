import { describe, expect, it } from 'vitest';
import { formatSignedMilliseconds } from '../src/bench/report.js';
import { extensionPhaseMilliseconds } from '../src/bench/pi-timing.js';
import { medianInterval } from '../src/bench/timing.js';

describe('medianInterval', () => {
  it('takes the 6th smallest and the 6th largest of 20 values (95.9 % coverage)', () => {
    const values = Array.from({ length: 20 }, (_unused, index) => 20 - index);
    expect(medianInterval(values)).toEqual({ low: 6, high: 15 });
  });

  it('takes the 14th smallest and the 14th largest of 40 values', () => {
    const values = Array.from({ length: 40 }, (_unused, index) => index + 1);
    expect(medianInterval(values)).toEqual({ low: 14, high: 27 });
  });

  it('gives no interval below 6 values, where even the extremes cover less than 95 %', () => {
    expect(medianInterval([1, 2, 3, 4, 5])).toBeUndefined();
    expect(medianInterval([1, 2, 3, 4, 5, 6])).toEqual({ low: 1, high: 6 });
  });
});

describe('formatSignedMilliseconds', () => {
  it('always shows the sign of a difference', () => {
    expect(formatSignedMilliseconds(7.414)).toBe('+7.41 ms');
    expect(formatSignedMilliseconds(-3.2)).toBe('-3.20 ms');
    expect(formatSignedMilliseconds(0.5)).toBe('+500.0 µs');
  });
});

describe('extensionPhaseMilliseconds', () => {
  it("reads the TOTAL of Pi's extensions group, not the main group's", () => {
    const stderr = [
      '--- Startup Timings: main ---',
      '  parseArgs: 21ms',
      '  TOTAL: 354ms',
      '-----------------------------',
      '--- Startup Timings: extensions ---',
      '  /x/empty-extension.js module import: 88ms',
      '  /x/empty-extension.js factory: 9ms',
      '  TOTAL: 128ms',
      '-----------------------------------',
    ].join('\n');
    expect(extensionPhaseMilliseconds(stderr)).toBe(128);
  });

  it('is undefined where Pi prints no extensions group (0.73.1, or no PI_TIMING)', () => {
    expect(extensionPhaseMilliseconds('--- Startup Timings ---\n  TOTAL: 146ms\n')).toBeUndefined();
    expect(extensionPhaseMilliseconds('')).toBeUndefined();
  });
});
