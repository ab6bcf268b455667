import { describe, expect, test } from 'vitest';
import { AgentStateError, createAgentState, restoreAgentState } from '../src/index.js';
import { catchAgentStateError } from './expect-agent-state-error.js';

const SECRET = 'TOP-SECRET-CONTENT';

describe('AgentStateError', () => {
  test('is an Error with a name, a code and an optional item id', () => {
    const withId = new AgentStateError('unknown_item_id', 'no work item has this id', 'w1');
    const withoutId = new AgentStateError('invalid_input', 'input must be a plain object');
    expect(withId).toBeInstanceOf(Error);
    expect(withId.name).toBe('AgentStateError');
    expect(withId.code).toBe('unknown_item_id');
    expect(withId.itemId).toBe('w1');
    expect(Object.hasOwn(withoutId, 'itemId')).toBe(false);
  });

  test.each([
    ['a bad status next to secret content', () => createAgentState({ objective: SECRET, workItems: [{ id: SECRET, content: SECRET, status: 'x' as never }] })],
    ['a repeated secret id', () => createAgentState({ workItems: [{ id: SECRET, content: 'A' }, { id: SECRET, content: 'B' }] })],
    ['an unknown secret id', () => createAgentState().removeWorkItem(SECRET)],
    ['a secret unknown key', () => restoreAgentState({ schemaVersion: 1, workItems: [], decisions: [], [SECRET]: SECRET })],
    ['a secret schemaVersion', () => restoreAgentState({ schemaVersion: SECRET, workItems: [], decisions: [] })],
    ['a secret status', () => createAgentState({ workItems: [{ id: 'a', content: 'A', status: SECRET as never }] })],
    ['secret text that is too long', () => createAgentState({ objective: SECRET.repeat(10_000) })],
    ['a secret in a thrown getter', () => createAgentState({ get objective(): string { throw new Error(SECRET); } })],
  ])('messages never repeat caller content: %s', (_name, action) => {
    const error = catchAgentStateError(action);
    expect(error.message).not.toContain(SECRET);
    expect(error.message).toMatch(/^[\w[\]. ,]+$/);
  });
});
