import { describe, expect, it } from 'vitest';
import { parseCommand, type GuardRequest } from '../src/commands.js';

// The grammar of `/context-guard`. Every change a person can type reads back as that change
// (properties.test.ts); what the person is told of each request is command.test.ts's.

const WHOLE_USAGE_ASKED: GuardRequest = { kind: 'usage', subcommand: undefined, asked: true };
const WHOLE_USAGE: GuardRequest = { kind: 'usage', subcommand: undefined, asked: false };

describe('parseCommand', () => {
  it('keeps add content as typed, inner spacing included, and takes --critical only right after the kind', () => {
    expect(parseCommand('add ship goal Add  CSV export')).toEqual({
      kind: 'mutation',
      mutation: { kind: 'add', id: 'ship', itemKind: 'goal', content: 'Add  CSV export', critical: false },
    });
    expect(parseCommand('add ship goal --critical Ship it')).toMatchObject({ mutation: { content: 'Ship it', critical: true } });
    expect(parseCommand('add ship goal Ship --critical')).toMatchObject({ mutation: { content: 'Ship --critical', critical: false } });
    expect(parseCommand('add flag fact --critical --critical')).toMatchObject({ mutation: { content: '--critical', critical: true } });
  });

  it.each<[string, GuardRequest]>([
    ['', WHOLE_USAGE_ASKED],
    ['   ', WHOLE_USAGE_ASKED],
    ['help', WHOLE_USAGE_ASKED],
    ['help recovery', { kind: 'usage', subcommand: 'recovery', asked: true }],
    ['LIST', WHOLE_USAGE],
    ['unknown', WHOLE_USAGE],
    ['list', { kind: 'read_only', action: 'list' }],
    ['  status  ', { kind: 'read_only', action: 'status' }],
    ['clear', { kind: 'read_only', action: 'clear_preview' }],
    ['restate', { kind: 'restate' }],
    ['add a Goal text', { kind: 'rejected', rejection: { code: 'invalid_kind' } }],
    ['add a goals text', { kind: 'rejected', rejection: { code: 'invalid_kind' } }],
    ['add a note text', { kind: 'rejected', rejection: { code: 'invalid_kind' } }],
    ['recovery all', { kind: 'rejected', rejection: { code: 'invalid_recovery' } }],
    ['recovery Critical', { kind: 'rejected', rejection: { code: 'invalid_recovery' } }],
  ])('reads %j as %j', (args, request) => {
    expect(parseCommand(args)).toEqual(request);
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
    ['critical'],
    ['critical ship'],
    ['critical ship yes'],
    ['critical ship ON'],
    ['critical ship on now'],
    ['clear now'],
    ['clear --yes please'],
    ['recovery'],
    ['recovery off now'],
    ['restate now'],
  ])('answers %j with the usage of its subcommand', (args) => {
    expect(parseCommand(args)).toEqual({ kind: 'usage', subcommand: args.trim().split(' ')[0], asked: false });
  });
});
