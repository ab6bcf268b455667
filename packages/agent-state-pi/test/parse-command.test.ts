import { describe, expect, it } from 'vitest';
import { parseCommand } from '../src/commands.js';

const mutation = (value: Record<string, unknown>) => ({ kind: 'mutation', mutation: value });
const usageOf = (subcommand: string | undefined, asked = false) => ({ kind: 'usage', subcommand, asked });
const rejected = (code: string) => ({ kind: 'rejected', rejection: { code } });

describe('parseCommand', () => {
  it.each<[string, unknown]>([
    ['status', { kind: 'read_only', action: 'status' }],
    ['clear', { kind: 'read_only', action: 'clear_preview' }],
    ['history', { kind: 'read_only', action: 'history' }],
    ['history --all', { kind: 'read_only', action: 'history_all' }],
    ['history --all parse', { kind: 'read_only', action: 'history_all', id: 'parse' }],
    ['export', { kind: 'read_only', action: 'export' }],
    ['objective Ship the parser', mutation({ kind: 'set_objective', objective: 'Ship the parser' })],
    ['add parse Parse the arguments', mutation({ kind: 'add_work_item', id: 'parse', content: 'Parse the arguments' })],
    ['remove parse', mutation({ kind: 'remove_work_item', id: 'parse' })],
    ['decide d1 Keep the core pure', mutation({ kind: 'add_decision', id: 'd1', content: 'Keep the core pure' })],
    ['clear --yes', mutation({ kind: 'clear' })],
    ...(['open', 'in_progress', 'blocked', 'done'] as const).map((status): [string, unknown] => [`set a ${status}`, mutation({ kind: 'set_status', id: 'a', status })]),
    // Free text keeps its inner spacing and loses the spacing at its ends.
    ['  add  a   two  spaces  ', mutation({ kind: 'add_work_item', id: 'a', content: 'two  spaces' })],
    ['objective \tline one\nline two ', mutation({ kind: 'set_objective', objective: 'line one\nline two' })],
    // Quotes inside an id and in content are text like any other.
    ['add it\'s "quoted" content', mutation({ kind: 'add_work_item', id: "it's", content: '"quoted" content' })],
  ])('reads %j into a typed request', (args, request) => {
    expect(parseCommand(args)).toEqual(request);
  });

  it.each([[''], ['   '], ['help']])('answers %j as a question about the whole command', (args) => {
    expect(parseCommand(args)).toEqual(usageOf(undefined, true));
  });

  it('answers help about one subcommand with its usage', () => {
    expect(parseCommand('help set')).toEqual(usageOf('set', true));
  });

  it.each([['list'], ['Status']])('answers the unknown subcommand %j with the whole usage', (args) => {
    expect(parseCommand(args)).toEqual(usageOf(undefined));
  });

  it.each(['status now', 'objective', 'add', 'add only-id', 'set', 'set id', 'set id done extra', 'remove', 'remove a b', 'decide', 'decide only-id', 'clear yes', 'clear --yes now', 'clear --YES', 'history a b', 'history --all a b', 'export now'])(
    'answers the wrong arity %j with the usage of its subcommand',
    (args) => {
      expect(parseCommand(args)).toEqual(usageOf(args.split(' ')[0]));
    },
  );

  it.each(['add "my item" Quoted', "add 'x y", 'decide d1" text', 'set "parse" done', 'remove “parse”'])('rejects %j: an id starts or ends with a quote', (args) => {
    expect(parseCommand(args)).toEqual(rejected('quoted_id'));
  });

  it.each(['Done', 'doing', 'OPEN', 'in-progress', 'complete'])('rejects the status %j instead of correcting it', (status) => {
    expect(parseCommand(`set a ${status}`)).toEqual(rejected('invalid_status'));
  });
});
