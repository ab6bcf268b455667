import { describe, expect, test } from 'vitest';
import { createAgentState } from '../src/index.js';
import { expectAgentStateError } from './expect-agent-state-error.js';

describe('decisions', () => {
  test('are listed in the order they were added, exactly as given', () => {
    const state = createAgentState({ decisions: [{ id: 'z', content: 'First' }] });
    expect(state.addDecision({ id: ' a ', content: '  Second\n' })).toEqual({ id: ' a ', content: '  Second\n' });
    expect(state.listDecisions()).toEqual([
      { id: 'z', content: 'First' },
      { id: ' a ', content: '  Second\n' },
    ]);
  });

  test('an id already used by a decision throws duplicate_item_id and keeps the first decision', () => {
    const state = createAgentState({ decisions: [{ id: 'd', content: 'First' }] });
    expectAgentStateError(() => state.addDecision({ id: 'd', content: 'Second' }), {
      code: 'duplicate_item_id',
      message: 'decision.id is already used by a decision',
      itemId: 'd',
    });
    expect(state.listDecisions()).toEqual([{ id: 'd', content: 'First' }]);
  });

  test('a work item and a decision may share an id', () => {
    const state = createAgentState({ workItems: [{ id: 'shared', content: 'Task' }] });
    state.addDecision({ id: 'shared', content: 'Decided' });
    state.removeWorkItem('shared');
    expect(state.listDecisions()).toEqual([{ id: 'shared', content: 'Decided' }]);
    state.addWorkItem({ id: 'shared', content: 'Task again' });
    expect(state.getWorkItem('shared')?.content).toBe('Task again');
  });

  test.each([
    [{ id: 'd', content: 'Why', status: 'open' }, 'decision has an unknown key', undefined],
    [{ id: 'd', content: '' }, 'decision.content must not be empty or only whitespace', 'd'],
    [{ id: 'd' }, 'decision.content is required', 'd'],
    [{ id: false, content: 'Why' }, 'decision.id must be a string', undefined],
    [{ id: '   ', content: 'Why' }, 'decision.id must not be empty or only whitespace', undefined],
    [[], 'decision must be a plain object', undefined],
    [undefined, 'decision must be a plain object', undefined],
  ])('an invalid decision %j is rejected and nothing is added', (input, message, itemId) => {
    const state = createAgentState({ decisions: [{ id: 'kept', content: 'Kept' }] });
    expectAgentStateError(() => state.addDecision(input as never), {
      code: 'invalid_input',
      message,
      ...(itemId === undefined ? {} : { itemId }),
    });
    expect(state.listDecisions()).toEqual([{ id: 'kept', content: 'Kept' }]);
  });
});
