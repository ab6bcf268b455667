import { describe, expect, it } from 'vitest';
import { parseCommand } from '../src/commands.js';

const usage = { kind: 'usage', subcommand: undefined, asked: false };
const usageOf = (subcommand: string) => ({ kind: 'usage', subcommand, asked: false });
const help = (subcommand?: string) => ({ kind: 'usage', subcommand, asked: true });

describe('parseCommand', () => {
  it('reads each subcommand into a typed request', () => {
    expect(parseCommand('status')).toEqual({ kind: 'read_only', action: 'status' });
    expect(parseCommand('objective Ship the parser')).toEqual({
      kind: 'mutation',
      mutation: { kind: 'set_objective', objective: 'Ship the parser' },
    });
    expect(parseCommand('add parse Parse the arguments')).toEqual({
      kind: 'mutation',
      mutation: { kind: 'add_work_item', id: 'parse', content: 'Parse the arguments' },
    });
    expect(parseCommand('set parse in_progress')).toEqual({
      kind: 'mutation',
      mutation: { kind: 'set_status', id: 'parse', status: 'in_progress' },
    });
    expect(parseCommand('remove parse')).toEqual({
      kind: 'mutation',
      mutation: { kind: 'remove_work_item', id: 'parse' },
    });
    expect(parseCommand('decide d1 Keep the core pure')).toEqual({
      kind: 'mutation',
      mutation: { kind: 'add_decision', id: 'd1', content: 'Keep the core pure' },
    });
    expect(parseCommand('clear')).toEqual({ kind: 'read_only', action: 'clear_preview' });
    expect(parseCommand('clear --yes')).toEqual({ kind: 'mutation', mutation: { kind: 'clear' } });
  });

  it('keeps the inner spacing of free text and trims its ends', () => {
    expect(parseCommand('  add  a   two  spaces  ')).toEqual({
      kind: 'mutation',
      mutation: { kind: 'add_work_item', id: 'a', content: 'two  spaces' },
    });
    expect(parseCommand('objective \tline one\nline two ')).toEqual({
      kind: 'mutation',
      mutation: { kind: 'set_objective', objective: 'line one\nline two' },
    });
  });

  it('answers a bare command and help as a question, with the whole usage or that of the subcommand asked about', () => {
    expect(parseCommand('')).toEqual(help());
    expect(parseCommand('   ')).toEqual(help());
    expect(parseCommand('help')).toEqual(help());
    expect(parseCommand('help set')).toEqual(help('set'));
  });

  it('answers usage as a warning for an unknown subcommand', () => {
    expect(parseCommand('list')).toEqual(usage);
    expect(parseCommand('Status')).toEqual(usage);
  });

  it.each([
    ['status now'],
    ['objective'],
    ['add'],
    ['add only-id'],
    ['set'],
    ['set id'],
    ['set id done extra'],
    ['remove'],
    ['remove a b'],
    ['decide'],
    ['decide only-id'],
    ['clear yes'],
    ['clear --yes now'],
    ['clear --YES'],
  ])('answers the subcommand usage for the wrong arity: %j', (args) => {
    expect(parseCommand(args)).toEqual(usageOf(args.split(' ')[0] ?? ''));
  });

  it.each([['add "my item" Quoted'], ["add 'x y"], ['decide d1" text'], ['set "parse" done'], ['remove “parse”']])(
    'rejects an id that starts or ends with a quote: %j',
    (args) => {
      expect(parseCommand(args)).toEqual({ kind: 'rejected', rejection: { code: 'quoted_id' } });
    },
  );

  it('accepts quotes inside an id and in content', () => {
    expect(parseCommand('add it\'s "quoted" content')).toEqual({
      kind: 'mutation',
      mutation: { kind: 'add_work_item', id: "it's", content: '"quoted" content' },
    });
  });

  it.each([['Done'], ['doing'], ['OPEN'], ['in-progress'], ['complete']])(
    'rejects the status %j instead of correcting it',
    (status) => {
      expect(parseCommand(`set a ${status}`)).toEqual({ kind: 'rejected', rejection: { code: 'invalid_status' } });
    },
  );

  it('accepts exactly the four statuses', () => {
    for (const status of ['open', 'in_progress', 'blocked', 'done'] as const) {
      expect(parseCommand(`set a ${status}`)).toEqual({
        kind: 'mutation',
        mutation: { kind: 'set_status', id: 'a', status },
      });
    }
  });
});
