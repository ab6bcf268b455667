import { describe, expect, it } from 'vitest';
import { parseCommand } from '../src/commands.js';

describe('parseCommand', () => {
  it('parses add with the content kept as typed, inner spacing included', () => {
    expect(parseCommand('add ship goal Add  CSV export')).toEqual({
      kind: 'mutation',
      mutation: { kind: 'add', id: 'ship', itemKind: 'goal', content: 'Add  CSV export', critical: false },
    });
  });

  it('recognises --critical only right after the kind', () => {
    expect(parseCommand('add ship goal --critical Ship it')).toMatchObject({
      mutation: { id: 'ship', content: 'Ship it', critical: true },
    });
    expect(parseCommand('add ship goal Ship --critical')).toMatchObject({
      mutation: { content: 'Ship --critical', critical: false },
    });
    expect(parseCommand('add flag fact --critical --critical')).toMatchObject({
      mutation: { content: '--critical', critical: true },
    });
  });

  it('rejects a kind that is not exactly one of the five', () => {
    for (const kind of ['Goal', 'goals', 'note']) {
      expect(parseCommand(`add a ${kind} text`)).toEqual({ kind: 'rejected', rejection: { code: 'invalid_kind' } });
    }
  });

  it('parses list, status, remove, clear and recovery', () => {
    expect(parseCommand('list')).toEqual({ kind: 'read_only', action: 'list' });
    expect(parseCommand('  status  ')).toEqual({ kind: 'read_only', action: 'status' });
    expect(parseCommand('remove ship')).toEqual({ kind: 'mutation', mutation: { kind: 'remove', id: 'ship' } });
    expect(parseCommand('clear')).toEqual({ kind: 'read_only', action: 'clear_preview' });
    expect(parseCommand('clear --yes')).toEqual({ kind: 'mutation', mutation: { kind: 'clear' } });
    expect(parseCommand('recovery critical')).toEqual({
      kind: 'mutation',
      mutation: { kind: 'set_recovery', recovery: 'critical' },
    });
    expect(parseCommand('recovery off')).toMatchObject({ mutation: { recovery: 'off' } });
  });

  it('rejects an unknown recovery mode', () => {
    expect(parseCommand('recovery all')).toEqual({ kind: 'rejected', rejection: { code: 'invalid_recovery' } });
    expect(parseCommand('recovery Critical')).toEqual({ kind: 'rejected', rejection: { code: 'invalid_recovery' } });
  });

  it.each([[''], ['   '], ['help']])('answers %j as a question, with the whole usage', (args) => {
    expect(parseCommand(args)).toEqual({ kind: 'usage', subcommand: undefined, asked: true });
  });

  it('answers help with a subcommand with the usage of that subcommand', () => {
    expect(parseCommand('help recovery')).toEqual({ kind: 'usage', subcommand: 'recovery', asked: true });
  });

  it.each([['LIST'], ['unknown']])('answers %j with the whole usage as a warning', (args) => {
    expect(parseCommand(args)).toEqual({ kind: 'usage', subcommand: undefined, asked: false });
  });

  it.each([
    ['list all'],
    ['status now'],
    ['add'],
    ['add ship'],
    ['add ship goal'],
    ['add ship goal --critical'],
    ['add ship goal --critical   '],
    ['remove'],
    ['remove a b'],
    ['clear now'],
    ['clear --yes please'],
    ['recovery'],
    ['recovery off now'],
  ])('answers %j with the usage of its subcommand', (args) => {
    expect(parseCommand(args)).toEqual({ kind: 'usage', subcommand: args.trim().split(' ')[0], asked: false });
  });
});
