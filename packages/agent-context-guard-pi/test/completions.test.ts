import { describe, expect, it } from 'vitest';
import { completeArguments } from '../src/completions.js';

const IDS = ['ship', 'no-deps', 'has space'];

describe('completeArguments', () => {
  it.each<[prefix: string, ids: readonly string[], values: string[] | null]>([
    // The subcommands, with a trailing space where an argument must follow.
    ['', [], ['add ', 'list', 'remove ', 'critical ', 'clear', 'status', 'recovery ', 'restate']],
    ['cr', [], ['critical ']],
    ['re', [], ['remove ', 'recovery ', 'restate']],
    ['x', [], null],
    // The kinds after add <id>, then the critical flag.
    ['add ship ', [], ['add ship goal ', 'add ship constraint ', 'add ship requirement ', 'add ship decision ', 'add ship fact ']],
    ['add ship c', [], ['add ship constraint ']],
    ['add ship goal ', [], ['add ship goal --critical ']],
    ['add ship goal --c', [], ['add ship goal --critical ']],
    ['add ship goal Ship', [], null],
    // Existing ids that can be typed, after remove and critical; then on and off for an existing id.
    ['remove ', IDS, ['remove ship', 'remove no-deps']],
    ['remove n', IDS, ['remove no-deps']],
    ['remove ', [], null],
    ['critical ', IDS, ['critical ship ', 'critical no-deps ']],
    ['critical ship ', IDS, ['critical ship on', 'critical ship off']],
    ['critical ship of', IDS, ['critical ship off']],
    ['critical other ', IDS, null],
    ['recovery ', [], ['recovery off', 'recovery critical']],
    ['recovery c', [], ['recovery critical']],
    // No menu once the typed text is the only match, so one Enter runs the command; nothing after a complete request.
    ['list', [], null],
    ['status', [], null],
    ['recovery critical', [], null],
    ['remove ship', IDS, null],
    ['critical ship on', IDS, null],
    ['remove ship ', IDS, null],
    ['list ', [], null],
  ])('offers %j the values %j', (prefix, ids, values) => {
    expect(completeArguments(prefix, ids)?.map((item) => item.value) ?? null).toEqual(values);
  });

  it('labels each value by its last word', () => {
    expect(completeArguments('add ship c', [])).toEqual([{ value: 'add ship constraint ', label: 'constraint' }]);
  });

  it('describes the subcommands, the recovery modes, the critical flag and the critical switches', () => {
    for (const prefix of ['', 'recovery ', 'add ship goal ', 'critical ship ']) {
      for (const item of completeArguments(prefix, ['ship']) ?? []) {
        expect(item.description, item.label).toMatch(/^\S.{5,60}$/u);
      }
    }
  });
});
