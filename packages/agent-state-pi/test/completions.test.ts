import { describe, expect, it } from 'vitest';
import { completeArguments } from '../src/completions.js';

const ids = ['parse', 'format', 'plan', 'has space'];

function values(prefix: string): string[] | undefined {
  return completeArguments(prefix, ids)?.map((item) => item.value);
}

describe('completeArguments', () => {
  it('offers every subcommand for an empty prefix, with a trailing space when arguments follow', () => {
    expect(completeArguments('', ids)?.map(({ value, label }) => ({ value, label }))).toEqual([
      { value: 'status', label: 'status' },
      { value: 'history', label: 'history' },
      { value: 'objective ', label: 'objective' },
      { value: 'add ', label: 'add' },
      { value: 'set ', label: 'set' },
      { value: 'remove ', label: 'remove' },
      { value: 'decide ', label: 'decide' },
      { value: 'clear', label: 'clear' },
      { value: 'panel ', label: 'panel' },
    ]);
  });

  it('describes every subcommand in a few words', () => {
    const items = completeArguments('', ids) ?? [];
    expect(items.find((item) => item.label === 'set')?.description).toBe("set a work item's status: set <id> <status>");
    for (const item of items) {
      expect(item.description, item.label).toMatch(/^\S.{5,60}$/u);
    }
  });

  it('shows no menu once the typed text is the only match, so one Enter runs the command', () => {
    expect(completeArguments('status', ids)).toBeNull();
    expect(completeArguments('clear', ids)).toBeNull();
    expect(completeArguments('set parse done', ids)).toBeNull();
    expect(completeArguments('remove plan', ids)).toBeNull();
    // Accepting `add` still adds the space before its arguments.
    expect(values('add')).toEqual(['add ']);
  });

  it('offers statuses only after an id that exists', () => {
    expect(completeArguments('set nope ', ids)).toBeNull();
    expect(completeArguments('set has space ', ids)).toBeNull();
  });

  it('filters subcommands by prefix', () => {
    expect(values('s')).toEqual(['status', 'set ']);
    expect(values('cl')).toEqual(['clear']);
  });

  it('offers existing work-item ids after set, remove and history as the full argument text', () => {
    expect(values('history p')).toEqual(['history parse', 'history plan']);
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
    expect(values('set parse do')).toEqual(['set parse done']);
  });

  it('returns null when nothing fits', () => {
    expect(completeArguments('x', ids)).toBeNull();
    expect(completeArguments('set zzz', ids)).toBeNull();
    expect(completeArguments('add ', ids)).toBeNull();
    expect(completeArguments('set parse done ', ids)).toBeNull();
    expect(completeArguments('set ', [])).toBeNull();
  });
});
