import { describe, expect, it } from 'vitest';
import { completionMenu, notifyReply } from '../src/command.js';
import { createEntryTranscript, type EntryTranscript } from '../src/entry-transcript.js';
import type { PiContextPort } from '../src/port.js';

// splitWord, completionWords, offerCompletions and the rest of completionMenu are proven through both
// adapters' parse-command.test.ts and completions.test.ts; registerReplyCommand through their command.test.ts
// on the fake host, and a saved change told as a chat line in the terminal through agent-state-pi's
// test/ui/surfaces.test.ts.
it('keeps the completion menu when the typed text is one of several matches', () => {
  const items = [
    { value: 'set x done', label: 'done' },
    { value: 'set x donelater', label: 'donelater' },
  ];
  expect(completionMenu('set x done', items)).toEqual(items);
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
  it.each([
    ['notifies in the terminal where Pi has no entry renderer (before 0.80)', 'tui', false, undefined, ['Saved.']],
    ['notifies in a client where Pi has no ctx.mode (0.73 to 0.76)', undefined, true, [], ['Saved.']],
    ['leaves to its chat line in the terminal where Pi has no ctx.mode', undefined, true, ['dark'], []],
  ] as const)('a saved change: %s', (_name, mode, withTranscript, themes, told) => {
    const notices: string[] = [];
    notifyReply(contextOf(mode, notices, themes), { message: 'Saved.', type: 'info', savedChange: true }, withTranscript ? transcript() : undefined);
    expect(notices).toEqual(told);
  });

  it('tells what a reply says beyond the change on its own in the terminal, and the whole reply elsewhere', () => {
    const reply = { message: 'Saved. Two left.', type: 'info', savedChange: true, beyondChange: 'Two left.' } as const;
    for (const [mode, told] of [['tui', ['Two left.']], ['rpc', ['Saved. Two left.']]] as const) {
      const notices: string[] = [];
      notifyReply(contextOf(mode, notices), reply, transcript());
      expect(notices, mode).toEqual(told);
    }
  });
});
