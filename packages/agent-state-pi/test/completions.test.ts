import { describe, expect, it } from 'vitest';
import { DESCRIPTION_COLUMNS_AT_80, completeArguments } from '../src/completions.js';

const ids = ['parse', 'format', 'plan', 'has space'];

function values(prefix: string): string[] | null {
  return completeArguments(prefix, ids)?.map((item) => item.value) ?? null;
}

describe('completeArguments', () => {
  it('offers every subcommand for an empty prefix, with a trailing space where arguments follow, each described whole in what 80 columns leave', () => {
    const items = completeArguments('', ids) ?? [];
    expect(items.map(({ value, label }) => ({ value, label }))).toEqual(
      ['status', 'history', 'objective ', 'add ', 'set ', 'remove ', 'decide ', 'clear', 'panel ', 'export'].map((value) => ({ value, label: value.trim() })),
    );
    expect(items.find((item) => item.label === 'set')?.description).toBe('set a status: set <id> <status>');
    const described = [...items, ...(completeArguments('history ', ids) ?? []), ...(completeArguments('panel ', ids) ?? [])];
    for (const item of items) expect(item.description, item.label).toBeDefined();
    // Ids are offered without a description.
    for (const item of described) expect(item.description?.length ?? 0, item.label).toBeLessThanOrEqual(DESCRIPTION_COLUMNS_AT_80);
  });

  it.each<[string, string[] | null]>([
    ['s', ['status', 'set ']],
    ['cl', ['clear']],
    // Accepting `add` still adds the space before its arguments.
    ['add', ['add ']],
    // Existing work-item ids after set, remove and history, as the full argument text.
    ['history p', ['history parse', 'history plan']],
    // --all after history, then the ids again.
    ['history ', ['history --all ', 'history parse', 'history format', 'history plan']],
    ['history --all p', ['history --all parse', 'history --all plan']],
    ['e', ['export']],
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
