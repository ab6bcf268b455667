import { createLiteralVerifier } from '@j1nn0/agent-context-guard';
import { describe, expect, it } from 'vitest';
import { MESSAGE_SEPARATOR, messageText, projectContext } from '../src/context-projection.js';
import { PLACEMENTS, assistantMessage, bashExecutionMessage, userMessage, type Placement } from './messages.js';

const TEXT = '## Goal\nShip the export';

describe('messageText', () => {
  it.each<[Placement, string]>([
    ['compaction summary', TEXT],
    ['branch summary', TEXT],
    ['user text', TEXT],
    ['user string', TEXT],
    ['assistant text', TEXT],
    ['assistant thinking and tool call', 'Working on it.'],
    ['tool result', TEXT],
    ['custom message', TEXT],
    ['bash output', `cat notes.md\n${TEXT}`],
    ['bash output excluded with !!', ''],
  ])('reads %s as %j', (placement, text) => {
    expect(messageText(PLACEMENTS[placement](TEXT))).toBe(text);
  });

  it('reads a bash execution that says it is not excluded', () => {
    expect(messageText(bashExecutionMessage('npm test', 'all green', false))).toBe('npm test\nall green');
  });

  it('keeps text parts only: no thinking, tool calls or images', () => {
    const message = assistantMessage('visible answer', [
      { type: 'thinking', thinking: 'hidden reasoning' },
      { type: 'toolCall', id: 'c1', name: 'read', arguments: { path: 'secret.ts' } },
    ]);
    expect(messageText(message)).toBe('visible answer');
    const parts = [{ type: 'image', data: 'aGk=', mimeType: 'image/png' }, { type: 'text', text: 'first' }, { type: 'text', text: 'second' }];
    expect(messageText({ role: 'user', content: parts })).toBe('first\nsecond');
  });

  it.each([
    ['null', null],
    ['a string', 'user'],
    ['an unknown role', { role: 'system', content: 'not sent by Pi' }],
    ['a missing role', { content: 'orphan' }],
    ['content of the wrong type', { role: 'user', content: 42 }],
    ['parts without text', { role: 'user', content: [null, { type: 'text' }, { type: 'text', text: 7 }] }],
    ['a summary that is not a string', { role: 'compactionSummary', summary: ['x'] }],
  ])('adds nothing for %s', (_name, message) => {
    expect(messageText(message)).toBe('');
  });
});

describe('projectContext', () => {
  it('puts the system prompt first, then every message in order', () => {
    const context = projectContext([userMessage('one'), assistantMessage('two')], 'system rules');
    expect(context).toBe(['system rules', 'one', 'two'].join(MESSAGE_SEPARATOR));
  });

  it('works without a system prompt and skips messages with no text', () => {
    expect(projectContext([userMessage('one'), { role: 'custom', content: [] }, userMessage('two')])).toBe(
      ['one', 'two'].join(MESSAGE_SEPARATOR),
    );
    expect(projectContext([], '')).toBe('');
  });

  it('lets the literal verifier find content within one message but not across two', () => {
    const verifier = createLiteralVerifier();
    const items = [
      { id: 'within', kind: 'fact' as const, content: 'Add CSV export', critical: false },
      { id: 'across', kind: 'fact' as const, content: 'end of one start of two', critical: false },
    ];
    const context = projectContext([userMessage('Please add csv\n export now. end of one'), userMessage('start of two')]);
    expect(verifier({ items, context })).toEqual([
      { id: 'within', status: 'preserved' },
      { id: 'across', status: 'lost' },
    ]);
  });
});
