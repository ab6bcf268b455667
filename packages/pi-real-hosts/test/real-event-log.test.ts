import { describe, expect, it } from 'vitest';
import { EventLog } from '../src/real/event-log.js';

const log = (): EventLog => new EventLog((what, why) => new Error(`${why} waiting for ${what}`));
const ofType = (type: string) => (event: { type: string }) => event.type === type;

describe('EventLog', () => {
  it('resolves with a record already seen from the given index', async () => {
    const events = log();
    events.push({ type: 'a' });
    events.push({ type: 'b', n: 1 });

    await expect(events.waitFor(ofType('b'), { fromIndex: 1, timeoutMs: 50, what: 'b' })).resolves.toEqual({ type: 'b', n: 1 });
  });

  it('ignores records before the index and resolves on a later one', async () => {
    const events = log();
    events.push({ type: 'b', n: 1 });
    const waiting = events.waitFor(ofType('b'), { fromIndex: 1, timeoutMs: 1_000, what: 'b' });
    events.push({ type: 'b', n: 2 });

    await expect(waiting).resolves.toEqual({ type: 'b', n: 2 });
  });

  it('rejects after the timeout with what it waited for', async () => {
    await expect(log().waitFor(ofType('never'), { fromIndex: 0, timeoutMs: 20, what: 'the end' })).rejects.toThrow(
      'timed out after 20 ms waiting for the end',
    );
  });

  it('rejects pending and later waits once closed, until reopened', async () => {
    const events = log();
    const pending = events.waitFor(ofType('x'), { fromIndex: 0, timeoutMs: 1_000, what: 'x' });
    events.close('Pi exited');

    await expect(pending).rejects.toThrow('Pi exited waiting for x');
    await expect(events.waitFor(ofType('x'), { fromIndex: 0, timeoutMs: 1_000, what: 'y' })).rejects.toThrow('Pi exited waiting for y');
    events.reopen();
    const afterReopen = events.waitFor(ofType('x'), { fromIndex: 0, timeoutMs: 1_000, what: 'x' });
    events.push({ type: 'x' });
    await expect(afterReopen).resolves.toEqual({ type: 'x' });
  });

  it('returns copies of what it holds', () => {
    const events = log();
    events.push({ type: 'a' });
    events.since(0).length = 0;
    expect(events.length).toBe(1);
  });
});
