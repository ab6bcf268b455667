import { describe, expect, it } from 'vitest';
import { customEntries, parseSessionJsonl } from '../src/real/session-file.js';

const header = '{"type":"session","version":3,"id":"s1","cwd":"/p"}';
const note = (id: string, customType: string): string => JSON.stringify({ type: 'custom', customType, data: { id }, id, parentId: null });

describe('parseSessionJsonl', () => {
  it('parses every line in file order and skips blank lines', () => {
    const entries = parseSessionJsonl(`${header}\n${note('a', 'echo-note')}\n\n`);
    expect(entries.map((entry) => entry.type)).toEqual(['session', 'custom']);
  });

  it('names the line that is not JSON without echoing it', () => {
    expect(() => parseSessionJsonl(`${header}\n{secret`)).toThrow('session file line 2 is not JSON');
  });

  it('rejects a line without a type', () => {
    expect(() => parseSessionJsonl('{"id":"x"}')).toThrow('session file line 1 has no type');
  });
});

describe('customEntries', () => {
  it('keeps the custom entries of one type, in order', () => {
    const entries = parseSessionJsonl([header, note('a', 'echo-note'), note('b', 'other'), note('c', 'echo-note')].join('\n'));
    expect(customEntries(entries, 'echo-note').map((entry) => entry['id'])).toEqual(['a', 'c']);
  });
});
