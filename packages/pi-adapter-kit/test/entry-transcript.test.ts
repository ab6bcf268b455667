import { describe, expect, it } from 'vitest';
import type { PayloadRead } from '../src/branch-entries.js';
import { createEntryTranscript, registerEntryTranscript } from '../src/entry-transcript.js';
import type { PiSessionEntryPort } from '../src/port.js';
import { PLAIN_THEME } from '../src/styled-line.js';

const read = (data: unknown): PayloadRead<number, 'bad'> =>
  typeof data === 'number' ? { ok: true, value: data } : { ok: false, problem: 'bad' };
const describeChange = (previous: number | undefined, next: number): string => `${previous ?? 'none'} -> ${next}`;

const entry = (id: string, data: unknown): PiSessionEntryPort & { customType: string } => ({ type: 'custom', id, customType: 'n', data });

describe('the entry transcript', () => {
  it('describes each entry against the entry of its type before it on the branch', () => {
    const branch: PiSessionEntryPort[] = [entry('a', 1), { type: 'message', id: 'm' }, entry('b', 3), entry('c', 'x'), entry('d', 4)];
    const transcript = createEntryTranscript({ customType: 'n', title: 'Numbers', read, describe: describeChange });
    transcript.follow({ getSessionId: () => 's1', getBranch: () => branch, getLeafEntry: () => branch.at(-1) });
    expect(['a', 'b', 'c', 'd'].map((id) => transcript.lineOf(branch.find((candidate) => candidate.id === id) as never))).toEqual([
      'none -> 1',
      '1 -> 3',
      'unreadable saved state',
      'none -> 4',
    ]);
  });

  it('reads an entry appended after the last read, and one off the branch against nothing', () => {
    const branch: PiSessionEntryPort[] = [entry('a', 1)];
    const transcript = createEntryTranscript({ customType: 'n', title: 'Numbers', read, describe: describeChange });
    transcript.follow({ getSessionId: () => 's1', getBranch: () => branch, getLeafEntry: () => branch.at(-1) });
    expect(transcript.lineOf(entry('a', 1))).toBe('none -> 1');
    branch.push(entry('b', 2));
    expect(transcript.lineOf(entry('b', 2))).toBe('1 -> 2');
    expect(transcript.lineOf(entry('elsewhere', 7))).toBe('none -> 7');
  });

  it('reads each saved entry once, so a new change costs one read however long the branch is', () => {
    const branch: PiSessionEntryPort[] = Array.from({ length: 50 }, (_, index) => entry(`e${index.toString()}`, index));
    const readIds: unknown[] = [];
    const counting = (data: unknown): PayloadRead<number, 'bad'> => {
      readIds.push(data);
      return read(data);
    };
    const transcript = createEntryTranscript({ customType: 'n', title: 'Numbers', read: counting, describe: describeChange });
    transcript.follow({ getSessionId: () => 's1', getBranch: () => branch, getLeafEntry: () => branch.at(-1) });
    expect(transcript.lineOf(entry('e49', 49))).toBe('48 -> 49');
    expect(readIds).toHaveLength(50);

    branch.push(entry('new', 50));
    expect(transcript.lineOf(entry('new', 50))).toBe('49 -> 50');
    expect(readIds).toHaveLength(51);
  });

  it('draws one line with the title', () => {
    const transcript = createEntryTranscript({ customType: 'n', title: 'Numbers', read, describe: describeChange });
    expect(transcript.render(entry('z', 5), { expanded: false }, PLAIN_THEME)?.render(80)).toEqual(['◆ Numbers: none -> 5']);
  });
});

describe('registering the transcript', () => {
  it('registers only where Pi has an entry renderer', () => {
    const registered: string[] = [];
    const options = { customType: 'n', title: 'Numbers', read, describe: describeChange };
    expect(registerEntryTranscript({ registerEntryRenderer: (type) => registered.push(type) }, options)).toBeDefined();
    expect(registered).toEqual(['n']);
    expect(registerEntryTranscript({}, options)).toBeUndefined();
  });
});
