import { describe, expect, it } from 'vitest';
import { completeArguments } from '../src/completions.js';

const ids = ['parse', 'format', 'plan', 'has space'];

function values(prefix: string): string[] | undefined {
  return completeArguments(prefix, ids)?.map((item) => item.value);
}

describe('completeArguments', () => {
  it('offers every subcommand for an empty prefix, with a trailing space when arguments follow', () => {
    expect(completeArguments('', ids)).toEqual([
      { value: 'status', label: 'status' },
      { value: 'objective ', label: 'objective' },
      { value: 'add ', label: 'add' },
      { value: 'set ', label: 'set' },
      { value: 'remove ', label: 'remove' },
      { value: 'decide ', label: 'decide' },
      { value: 'clear', label: 'clear' },
    ]);
  });

  it('filters subcommands by prefix', () => {
    expect(values('s')).toEqual(['status', 'set ']);
    expect(values('cl')).toEqual(['clear']);
  });

  it('offers existing work-item ids after set and remove as the full argument text', () => {
    expect(completeArguments('set p', ids)).toEqual([
      { value: 'set parse ', label: 'parse' },
      { value: 'set plan ', label: 'plan' },
    ]);
    expect(values('remove ')).toEqual(['remove parse', 'remove format', 'remove plan']);
  });

  it('offers the four statuses after set <id>', () => {
    expect(completeArguments('set parse ', ids)).toEqual([
      { value: 'set parse open', label: 'open' },
      { value: 'set parse in_progress', label: 'in_progress' },
      { value: 'set parse blocked', label: 'blocked' },
      { value: 'set parse done', label: 'done' },
    ]);
    expect(values('set parse b')).toEqual(['set parse blocked']);
  });

  it('returns null when nothing fits', () => {
    expect(completeArguments('x', ids)).toBeNull();
    expect(completeArguments('set zzz', ids)).toBeNull();
    expect(completeArguments('add ', ids)).toBeNull();
    expect(completeArguments('set parse done ', ids)).toBeNull();
    expect(completeArguments('set ', [])).toBeNull();
  });
});
