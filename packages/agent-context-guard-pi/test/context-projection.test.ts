import { createLiteralVerifier } from '@j1nn0/agent-context-guard';
import { describe, expect, it } from 'vitest';
import { MESSAGE_SEPARATOR, messageText, projectContext } from '../src/context-projection.js';
import {
  assistantMessage,
  bashExecutionMessage,
  branchSummaryMessage,
  compactionSummaryMessage,
  customMessage,
  toolResultMessage,
  userMessage,
  userStringMessage,
} from './messages.js';

describe('messageText', () => {
  it('reads the text of user, assistant, tool-result and custom messages', () => {
    expect(messageText(userMessage('from the user'))).toBe('from the user');
    expect(messageText(userStringMessage('plain string content'))).toBe('plain string content');
    expect(messageText(assistantMessage('from the model'))).toBe('from the model');
    expect(messageText(toolResultMessage('file contents'))).toBe('file contents');
    expect(messageText(customMessage('other-extension', 'injected note', false))).toBe('injected note');
  });

  it('reads both summaries', () => {
    expect(messageText(compactionSummaryMessage('## Goal\nShip it'))).toBe('## Goal\nShip it');
    expect(messageText(branchSummaryMessage('Tried another route'))).toBe('Tried another route');
  });

  it('reads a bash execution as command and output unless it is excluded from context', () => {
    expect(messageText(bashExecutionMessage('npm test', 'all green'))).toBe('npm test\nall green');
    expect(messageText(bashExecutionMessage('npm test', 'all green', false))).toBe('npm test\nall green');
    expect(messageText(bashExecutionMessage('secret-cmd', 'secret output', true))).toBe('');
  });

  it('keeps text parts only: no thinking, tool calls or images', () => {
    const message = assistantMessage('visible answer', [
      { type: 'thinking', thinking: 'hidden reasoning' },
      { type: 'toolCall', id: 'c1', name: 'read', arguments: { path: 'secret.ts' } },
    ]);
    expect(messageText(message)).toBe('visible answer');
    expect(
      messageText({
        role: 'user',
        content: [
          { type: 'image', data: 'aGk=', mimeType: 'image/png' },
          { type: 'text', text: 'first' },
          { type: 'text', text: 'second' },
        ],
      }),
    ).toBe('first\nsecond');
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
