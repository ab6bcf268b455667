import { describe, expect, it } from 'vitest';
import { describeWaitFailure, pollUntil, screenMatches } from '../src/terminal/wait.js';

describe('pollUntil', () => {
  it('resolves with the first defined value', async () => {
    let calls = 0;
    const value = await pollUntil(() => (++calls >= 3 ? `after ${calls}` : undefined), { timeoutMs: 2_000, intervalMs: 1 });
    expect(value).toBe('after 3');
  });

  it('resolves undefined once the bound has passed', async () => {
    const started = Date.now();
    const value = await pollUntil((): string | undefined => undefined, { timeoutMs: 60, intervalMs: 10 });
    expect(value).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });
});

describe('screenMatches', () => {
  it('matches a substring or a pattern', () => {
    expect(screenMatches('a Scripted reply.', 'Scripted reply.')).toBe(true);
    expect(screenMatches('a Scripted reply.', /reply\.$/)).toBe(true);
    expect(screenMatches('a Scripted reply.', 'other')).toBe(false);
  });

  it('gives the same answer for a global pattern polled twice', () => {
    const pattern = /reply/g;
    expect(screenMatches('reply', pattern)).toBe(true);
    expect(screenMatches('reply', pattern)).toBe(true);
  });
});

describe('describeWaitFailure', () => {
  it('frames every screen row, blank ones included', () => {
    expect(describeWaitFailure('screen text x', 'within 500 ms', ['top', '', 'bottom'])).toBe('screen text x: not seen within 500 ms. Screen:\n|top\n|\n|bottom');
  });
});
