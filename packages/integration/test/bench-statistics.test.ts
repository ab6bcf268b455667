import { describe, expect, it } from 'vitest';
import { formatSignedMilliseconds, perRoundDifferenceRow, perRoundRatioRow } from '../src/bench/report.js';
import { extensionPhaseMilliseconds, loadProblem } from '../src/bench/startup-figure.js';
import { inRotatingRounds, medianInterval } from '../src/bench/timing.js';

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

describe('perRoundRatioRow', () => {
  // Round i: the floor took 100 + i ms, the loaded start 1.1 times that, except round 3, disturbed by other load.
  const floor = Array.from({ length: 7 }, (_unused, round) => 100 + round);
  const loaded = floor.map((milliseconds, round) => (round === 3 ? milliseconds * 2 : milliseconds * 1.1));
  const comparison = { figure: '4 Pi start-up', where: 'peer', subject: loaded, anchor: floor, anchorName: 'the floor' };

  it('takes the median of the per-round ratios, not the ratio of the medians', () => {
    const row = perRoundRatioRow(comparison);
    expect(row.ratio).toBeCloseTo(1.1, 10);
    expect(row.value).toBe('114.4 ms');
    expect(row.anchor).toBe('the floor, median: 103.0 ms');
    expect(row.measure).toBe('peer: ratio to the floor, median of the 7 per-round ratios (95 % interval of that median 1.10x to 2.00x)');
    expect([row.goal, row.verdict]).toEqual(['report', 'info']);
  });

  it('pairs each subject with the anchor of its own round', () => {
    // The same times, the floor's rounds reversed: the ratios change although neither median does.
    expect(perRoundRatioRow({ ...comparison, anchor: [...floor].reverse() }).ratio).not.toBeCloseTo(1.1, 3);
  });

  it('meets a ratio goal at or under it and misses it above, and says when there are too few rounds for an interval', () => {
    expect(perRoundRatioRow({ ...comparison, goal: 1.1 }).verdict).toBe('met');
    expect(perRoundRatioRow({ ...comparison, goal: 1.05 })).toMatchObject({ goal: '<= 1.05x the floor', verdict: 'missed' });
    expect(perRoundRatioRow({ ...comparison, subject: [110, 220], anchor: [100, 100] }).measure).toContain('(too few rounds for an interval)');
  });
});

describe('perRoundDifferenceRow', () => {
  it('gives the median of the per-round differences with its interval in signed milliseconds', () => {
    const row = perRoundDifferenceRow({ figure: '4 Pi start-up', where: 'adapters', subject: [101, 102, 103, 104, 105, 90], anchor: [100, 100, 100, 100, 100, 100], anchorName: 'the floor', goal: 10 });
    expect(row.value).toBe('+2.50 ms');
    expect(row.measure).toBe('adapters: over the floor, median of the 6 per-round differences (95 % interval of that median -10.0 ms to +5.00 ms)');
    expect([row.goal, row.verdict]).toEqual(['<= 10 ms over the floor', 'met']);
  });
});

describe('inRotatingRounds', () => {
  it('measures each variant once unmeasured, then once a round, each round starting one later', async () => {
    const order: string[] = [];
    const times = await inRotatingRounds(['a', 'b', 'c'], 3, (variant) => {
      order.push(variant);
      return Promise.resolve(`${variant}${order.length.toString()}`);
    });
    expect(order.join('')).toBe('abc' + 'abc' + 'bca' + 'cab');
    expect(times).toEqual([['a4', 'a9', 'a11'], ['b5', 'b7', 'b12'], ['c6', 'c8', 'c10']]);
  });
});

describe('loadProblem', () => {
  const command = (name: string, source: string) => ({ name, description: undefined, source });

  it('passes a start that lists every expected command from an extension and reported no error', () => {
    expect(loadProblem(['todos'], [command('llama', 'extension'), command('todos', 'extension')], [])).toBeUndefined();
    expect(loadProblem([], [], [])).toBeUndefined();
  });

  it('names the commands a start did not list, also where only a non-extension command has the name', () => {
    expect(loadProblem(['agent-state', 'context-guard'], [command('context-guard', 'extension'), command('agent-state', 'prompt')], [])).toBe(
      'get_commands lists no /agent-state',
    );
  });

  it('reports every extension error', () => {
    const error = { extensionPath: '/x/index.ts', event: 'session_start', error: 'boom' };
    expect(loadProblem(['todos'], [], [error])).toBe('get_commands lists no /todos; extension error in session_start of /x/index.ts: boom');
  });
});
