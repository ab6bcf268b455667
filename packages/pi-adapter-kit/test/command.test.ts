import { describe, expect, it } from 'vitest';
import { completionMenu, completionWords, notifyReply, offerCompletions, registerReplyCommand, splitWord } from '../src/command.js';
import { createEntryTranscript, type EntryTranscript } from '../src/entry-transcript.js';
import type { CommandReply } from '../src/outcome-notice.js';
import type { PiCommandPort, PiContextPort } from '../src/port.js';

describe('splitWord', () => {
  it('splits off the first word and keeps the inner spacing of the rest', () => {
    expect(splitWord('  add  parse   Write  the parser ')).toEqual({ word: 'add', rest: 'parse   Write  the parser' });
  });

  it('gives empty parts for blank text', () => {
    expect(splitWord(' \t ')).toEqual({ word: '', rest: '' });
  });

  it('splits on any whitespace, line breaks included', () => {
    expect(splitWord('set\nparse done')).toEqual({ word: 'set', rest: 'parse done' });
  });
});

describe('completionWords', () => {
  it('ends in an empty word when the prefix ends in a space', () => {
    expect(completionWords('set ')).toEqual(['set', '']);
    expect(completionWords('  set parse do')).toEqual(['set', 'parse', 'do']);
  });
});

describe('offerCompletions', () => {
  it('offers the candidates that start with the typed word, in their order, with descriptions', () => {
    const items = offerCompletions(
      [{ word: 'status', description: 'show the state' }, 'set', 'clear'],
      's',
      (word) => `${word} `,
    );
    expect(items).toEqual([
      { value: 'status ', label: 'status', description: 'show the state' },
      { value: 'set ', label: 'set' },
    ]);
  });
});

describe('completionMenu', () => {
  it('returns no menu when the typed text already is the only match', () => {
    expect(completionMenu('status', [{ value: 'status', label: 'status' }])).toBeNull();
    expect(completionMenu('set x done', [{ value: 'set x done', label: 'done' }])).toBeNull();
  });

  it('keeps the menu when the only match still adds text, such as the space after a subcommand', () => {
    const items = [{ value: 'add ', label: 'add' }];
    expect(completionMenu('add', items)).toEqual(items);
  });

  it('keeps the menu when the typed text is one of several matches', () => {
    const items = [
      { value: 'set x done', label: 'done' },
      { value: 'set x donelater', label: 'donelater' },
    ];
    expect(completionMenu('set x done', items)).toEqual(items);
  });

  it('returns no menu when nothing matches', () => {
    expect(completionMenu('zzz', [])).toBeNull();
  });
});

const transcript = (): EntryTranscript =>
  createEntryTranscript({
    customType: 'n',
    title: 'Numbers',
    read: (data) => ({ ok: true, value: data }),
    describe: () => 'changed',
  });

function contextOf(mode: string | undefined, notices: string[], themes?: readonly string[]): PiContextPort {
  return {
    hasUI: true,
    ...(mode === undefined ? {} : { mode }),
    ui: {
      notify: (message) => notices.push(message),
      setStatus: () => undefined,
      setWidget: () => undefined,
      ...(themes === undefined ? {} : { getAllThemes: () => themes }),
    },
    sessionManager: { getSessionId: () => 's1', getBranch: () => [], getLeafEntry: () => undefined },
  };
}

describe('telling the person what a command did', () => {
  const noticesOf = (mode: string | undefined, savedChange: boolean, withTranscript: boolean, themes?: readonly string[]): string[] => {
    const notices: string[] = [];
    notifyReply(contextOf(mode, notices, themes), { message: 'Saved.', type: 'info', savedChange }, withTranscript ? transcript() : undefined);
    return notices;
  };

  it('leaves a saved change to its chat line in the terminal UI and notifies everything else', () => {
    expect(noticesOf('tui', true, true)).toEqual([]);
    expect(noticesOf('tui', false, true)).toEqual(['Saved.']);
    expect(noticesOf('rpc', true, true)).toEqual(['Saved.']);
    expect(noticesOf('tui', true, false)).toEqual(['Saved.']);
  });

  it('tells what a reply says beyond the change on its own in the terminal, and the whole reply elsewhere', () => {
    const reply = { message: 'Saved. Two left.', type: 'info', savedChange: true, beyondChange: 'Two left.' } as const;
    for (const [mode, told] of [['tui', ['Two left.']], ['rpc', ['Saved. Two left.']]] as const) {
      const notices: string[] = [];
      notifyReply(contextOf(mode, notices), reply, transcript());
      expect(notices, mode).toEqual(told);
    }
  });

  it('decides by the same surface where Pi has no ctx.mode', () => {
    expect(noticesOf(undefined, true, true, [])).toEqual(['Saved.']);
    expect(noticesOf(undefined, true, true, ['dark'])).toEqual([]);
  });
});

describe('registering the command', () => {
  it('runs the arguments, notifies the reply and offers the completions', async () => {
    const registered = new Map<string, PiCommandPort>();
    const runs: string[] = [];
    registerReplyCommand(
      { registerCommand: (name, command) => registered.set(name, command) },
      {
        name: 'numbers',
        description: 'Count things',
        run: (args): CommandReply => {
          runs.push(args);
          return { message: `ran ${args}`, type: 'warning', savedChange: false };
        },
        complete: (prefix) => (prefix === 'a' ? [{ value: 'add', label: 'add' }] : null),
        transcript: undefined,
      },
    );
    const command = registered.get('numbers');
    expect(command?.description).toBe('Count things');
    const notices: string[] = [];
    await command?.handler('add 1', contextOf('rpc', notices));
    expect(runs).toEqual(['add 1']);
    expect(notices).toEqual(['ran add 1']);
    expect(command?.getArgumentCompletions('a')).toEqual([{ value: 'add', label: 'add' }]);
    expect(command?.getArgumentCompletions('z')).toBeNull();
  });
});
