import { describe, expect, test } from 'vitest';
import { createAgentState, MAX_ID_LENGTH, MAX_TEXT_LENGTH } from '../src/index.js';
import { expectAgentStateError } from './expect-agent-state-error.js';

const LONE_SURROGATES = [
  ['a lone high surrogate', 'abc\uD800'],
  ['a lone low surrogate', '\uDC00abc'],
  ['a reversed pair', 'a\uDE00\uD83Db'],
];

describe('size limits', () => {
  test('are 1,024 for ids and 65,536 for text', () => {
    expect(MAX_ID_LENGTH).toBe(1024);
    expect(MAX_TEXT_LENGTH).toBe(65_536);
  });

  test('an id of exactly MAX_ID_LENGTH and text of exactly MAX_TEXT_LENGTH are accepted', () => {
    const id = 'i'.repeat(MAX_ID_LENGTH);
    const text = 't'.repeat(MAX_TEXT_LENGTH);
    const state = createAgentState({ objective: text, workItems: [{ id, content: text }] });
    state.addDecision({ id, content: text });
    expect(state.getWorkItem(id)?.content).toHaveLength(MAX_TEXT_LENGTH);
    expect(state.snapshot().objective).toHaveLength(MAX_TEXT_LENGTH);
  });

  test.each([
    ['a work item id', () => createAgentState().addWorkItem({ id: 'i'.repeat(MAX_ID_LENGTH + 1), content: 'A' }), 'workItem.id must be at most 1024 characters'],
    ['a decision id', () => createAgentState().addDecision({ id: 'i'.repeat(MAX_ID_LENGTH + 1), content: 'A' }), 'decision.id must be at most 1024 characters'],
    ['an id argument', () => createAgentState().getWorkItem('i'.repeat(MAX_ID_LENGTH + 1)), 'id must be at most 1024 characters'],
    ['work item content', () => createAgentState().addWorkItem({ id: 'a', content: 't'.repeat(MAX_TEXT_LENGTH + 1) }), 'workItem.content must be at most 65536 characters'],
    ['decision content', () => createAgentState().addDecision({ id: 'a', content: 't'.repeat(MAX_TEXT_LENGTH + 1) }), 'decision.content must be at most 65536 characters'],
    ['an objective', () => createAgentState({ objective: 't'.repeat(MAX_TEXT_LENGTH + 1) }), 'objective must be at most 65536 characters'],
    ['a huge string', () => createAgentState({ objective: 'x'.repeat(8 * 1024 * 1024) }), 'objective must be at most 65536 characters'],
  ])('%s one past the limit is rejected', (_name, action, message) => {
    expectAgentStateError(action, { code: 'invalid_input', message, ...(message.includes('content') ? { itemId: 'a' } : {}) });
  });

  test('length is counted in UTF-16 code units, so an emoji counts as two', () => {
    const emojiId = '😀'.repeat(MAX_ID_LENGTH / 2);
    expect(createAgentState().addWorkItem({ id: emojiId, content: 'A' }).id).toBe(emojiId);
    expectAgentStateError(() => createAgentState().addWorkItem({ id: `${emojiId}x`, content: 'A' }), {
      code: 'invalid_input',
      message: 'workItem.id must be at most 1024 characters',
    });
  });
});

describe('well-formed text', () => {
  test('surrogate pairs such as emoji are accepted', () => {
    const state = createAgentState({ objective: 'Ship 🚀', workItems: [{ id: '🧪', content: 'Test 𝒳' }] });
    expect(state.getWorkItem('🧪')?.content).toBe('Test 𝒳');
  });

  test.each(LONE_SURROGATES)('an id with %s is rejected', (_name, text) => {
    expectAgentStateError(() => createAgentState().addDecision({ id: text, content: 'A' }), {
      code: 'invalid_input',
      message: 'decision.id must not contain lone surrogates',
    });
  });

  test.each(LONE_SURROGATES)('content or an objective with %s is rejected', (_name, text) => {
    expectAgentStateError(() => createAgentState().addWorkItem({ id: 'a', content: text }), {
      code: 'invalid_input',
      message: 'workItem.content must not contain lone surrogates',
      itemId: 'a',
    });
    expectAgentStateError(() => createAgentState({ objective: text }), {
      code: 'invalid_input',
      message: 'objective must not contain lone surrogates',
    });
  });
});
