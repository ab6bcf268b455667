import { describe, expect, it } from 'vitest';
import { completeArguments } from '../src/completions.js';

const values = (prefix: string, ids: readonly string[] = []): string[] | null =>
  completeArguments(prefix, ids)?.map((item) => item.value) ?? null;

describe('completeArguments', () => {
  it('offers the subcommands, with a trailing space where an argument must follow', () => {
    expect(values('')).toEqual(['add ', 'list', 'remove ', 'critical ', 'clear', 'status', 'recovery ', 'restate']);
    expect(values('cr')).toEqual(['critical ']);
    expect(values('re')).toEqual(['remove ', 'recovery ', 'restate']);
    expect(values('x')).toBeNull();
  });

  it('offers the kinds after add <id>', () => {
    expect(values('add ship ')).toEqual([
      'add ship goal ',
      'add ship constraint ',
      'add ship requirement ',
      'add ship decision ',
      'add ship fact ',
    ]);
    expect(completeArguments('add ship c', [])).toEqual([{ value: 'add ship constraint ', label: 'constraint' }]);
  });

  it('offers the critical flag after the kind', () => {
    expect(values('add ship goal ')).toEqual(['add ship goal --critical ']);
    expect(values('add ship goal --c')).toEqual(['add ship goal --critical ']);
    expect(values('add ship goal Ship')).toBeNull();
  });

  it('offers existing typeable ids after remove', () => {
    expect(values('remove ', ['ship', 'no-deps', 'has space'])).toEqual(['remove ship', 'remove no-deps']);
    expect(values('remove n', ['ship', 'no-deps'])).toEqual(['remove no-deps']);
    expect(values('remove ', [])).toBeNull();
  });

  it('offers existing typeable ids after critical, then on and off for an existing id', () => {
    expect(values('critical ', ['ship', 'no-deps', 'has space'])).toEqual(['critical ship ', 'critical no-deps ']);
    expect(values('critical ship ', ['ship'])).toEqual(['critical ship on', 'critical ship off']);
    expect(values('critical ship of', ['ship'])).toEqual(['critical ship off']);
    expect(values('critical other ', ['ship'])).toBeNull();
    expect(completeArguments('critical ship on', ['ship'])).toBeNull();
  });

  it('offers the recovery modes', () => {
    expect(values('recovery ')).toEqual(['recovery off', 'recovery critical']);
    expect(values('recovery c')).toEqual(['recovery critical']);
  });

  it('describes the subcommands, the recovery modes, the critical flag and the critical switches', () => {
    for (const prefix of ['', 'recovery ', 'add ship goal ', 'critical ship ']) {
      for (const item of completeArguments(prefix, ['ship']) ?? []) {
        expect(item.description, item.label).toMatch(/^\S.{5,60}$/u);
      }
    }
  });

  it('shows no menu once the typed text is the only match, so one Enter runs the command', () => {
    expect(completeArguments('list', [])).toBeNull();
    expect(completeArguments('status', [])).toBeNull();
    expect(completeArguments('recovery critical', [])).toBeNull();
    expect(completeArguments('remove ship', ['ship'])).toBeNull();
  });

  it('offers nothing after a complete request', () => {
    expect(values('remove ship ', ['ship'])).toBeNull();
    expect(values('list ')).toBeNull();
  });
});
