import { describe, expect, it } from 'vitest';
import { completeArguments } from '../src/completions.js';

const ids = ['parse', 'format', 'plan', 'has space'];

function values(prefix: string): string[] | null {
  return completeArguments(prefix, ids)?.map((item) => item.value) ?? null;
}

describe('completeArguments', () => {
  it('offers every subcommand for an empty prefix, with a trailing space where arguments follow, each described in a few words', () => {
    const items = completeArguments('', ids) ?? [];
    expect(items.map(({ value, label }) => ({ value, label }))).toEqual(
      ['status', 'history', 'objective ', 'add ', 'set ', 'remove ', 'decide ', 'clear', 'panel '].map((value) => ({ value, label: value.trim() })),
    );
    expect(items.find((item) => item.label === 'set')?.description).toBe("set a work item's status: set <id> <status>");
    for (const item of items) expect(item.description, item.label).toMatch(/^\S.{5,60}$/u);
  });

  it.each<[string, string[] | null]>([
    ['s', ['status', 'set ']],
    ['cl', ['clear']],
    // Accepting `add` still adds the space before its arguments.
    ['add', ['add ']],
    // Existing work-item ids after set, remove and history, as the full argument text.
    ['history p', ['history parse', 'history plan']],
    ['set p', ['set parse ', 'set plan ']],
    ['remove ', ['remove parse', 'remove format', 'remove plan']],
    // The four statuses after set <id>, for an id that exists.
    ['set parse ', ['set parse open', 'set parse in_progress', 'set parse blocked', 'set parse done']],
    ['set parse b', ['set parse blocked']],
    ['set nope ', null],
    ['set has space ', null],
    // No menu once the typed text is the only match, so one Enter runs the command.
    ['status', null],
    ['clear', null],
    ['set parse done', null],
    ['remove plan', null],
    // Nothing fits.
    ['x', null],
    ['set zzz', null],
    ['add ', null],
    ['set parse done ', null],
  ])('offers %j: %j', (prefix, offered) => {
    expect(values(prefix)).toEqual(offered);
  });

  it('labels an id or a status by itself', () => {
    expect(completeArguments('set pl', ids)).toEqual([{ value: 'set plan ', label: 'plan' }]);
    expect(completeArguments('set plan do', ids)).toEqual([{ value: 'set plan done', label: 'done' }]);
    expect(completeArguments('set ', [])).toBeNull();
  });
});
