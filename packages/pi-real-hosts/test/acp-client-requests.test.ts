import type { RequestPermissionRequest } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { answerPermission, pathInsideRoot, sliceLines } from '../src/acp/client-requests.js';
import { shellWord } from '../src/acp/shell-word.js';

const OPTIONS: Pick<RequestPermissionRequest, 'options'> = {
  options: [
    { optionId: 'always', name: 'Always', kind: 'allow_always' },
    { optionId: 'once', name: 'Once', kind: 'allow_once' },
    { optionId: 'never', name: 'Never', kind: 'reject_always' },
  ],
};

describe('answers to what an agent asks of the client', () => {
  it('picks an offered option of the chosen kind, once before always, and cancels when none fits', () => {
    expect(answerPermission(OPTIONS, 'allow')).toEqual({ outcome: { outcome: 'selected', optionId: 'once' } });
    expect(answerPermission(OPTIONS, 'reject')).toEqual({ outcome: { outcome: 'selected', optionId: 'never' } });
    expect(answerPermission(OPTIONS, 'cancel')).toEqual({ outcome: { outcome: 'cancelled' } });
    expect(answerPermission({ options: [{ optionId: 'x', name: 'X', kind: 'allow_once' }] }, 'reject')).toEqual({ outcome: { outcome: 'cancelled' } });
    expect(answerPermission({ options: [] }, 'allow')).toEqual({ outcome: { outcome: 'cancelled' } });
  });

  it('serves files inside its root only', () => {
    expect(pathInsideRoot('/tmp/sandbox', '/tmp/sandbox/project/a.txt')).toBe('/tmp/sandbox/project/a.txt');
    expect(pathInsideRoot('/tmp/sandbox', '/tmp/sandbox/../etc/passwd')).toBeUndefined();
    expect(pathInsideRoot('/tmp/sandbox', '/tmp/sandbox-other/a')).toBeUndefined();
    expect(pathInsideRoot('/tmp/sandbox', 'project/a.txt')).toBeUndefined();
  });

  it('applies a 1-based line and a limit to a file text', () => {
    expect(sliceLines('a\nb\nc\nd', undefined, undefined)).toBe('a\nb\nc\nd');
    expect(sliceLines('a\nb\nc\nd', 2, 2)).toBe('b\nc');
    expect(sliceLines('a\nb\nc\nd', 3, undefined)).toBe('c\nd');
    expect(sliceLines('a\nb\nc\nd', undefined, 1)).toBe('a');
  });

  it('quotes a word for /bin/sh so that quotes and spaces survive', () => {
    expect(shellWord("it's a path")).toBe(`'it'\\''s a path'`);
  });
});
