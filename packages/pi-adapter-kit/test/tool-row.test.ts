import { describe, expect, it } from 'vitest';
import { plainText } from '../src/styled-line.js';
import { argumentText, toolResultLines } from '../src/tool-row.js';

describe('tool rows', () => {
  it('read string arguments only, escaped', () => {
    expect(argumentText({ id: 'a\u001b' }, 'id')).toBe('a\\u001b');
    expect(argumentText({ id: 5 }, 'id')).toBeUndefined();
    expect(argumentText(undefined, 'id')).toBeUndefined();
  });

  it('mark an accepted result with a tick and a rejected one with a cross, in different colours', () => {
    const accepted = toolResultLines({ text: 'Done.\nmore', expanded: false, isPartial: false, isError: false });
    const rejected = toolResultLines({ text: 'Rejected: no.', expanded: false, isPartial: false, isError: true });
    expect(accepted.map(plainText)).toEqual(['✓ Done.']);
    expect(rejected.map(plainText)).toEqual(['✗ Rejected: no.']);
    expect(accepted[0]?.[0]?.color).toBe('success');
    expect(rejected[0]?.[0]?.color).toBe('error');
  });

  it('show every line expanded and a placeholder while partial', () => {
    expect(toolResultLines({ text: 'a\nb\nc', expanded: true, isPartial: false, isError: false })).toHaveLength(3);
    expect(toolResultLines({ text: 'a', expanded: false, isPartial: true, isError: false }).map(plainText)).toEqual(['recording…']);
  });
});
