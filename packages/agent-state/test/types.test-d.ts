import { describe, expectTypeOf, test } from 'vitest';
import {
  AgentStateError,
  createAgentState,
  MAX_ID_LENGTH,
  MAX_TEXT_LENGTH,
  restoreAgentState,
  summarizeAgentState,
  WORK_ITEM_STATUSES,
  type AgentState,
  type AgentStateErrorCode,
  type AgentStateInput,
  type AgentStateSnapshot,
  type AgentStateSummary,
  type WorkItem,
  type WorkItemInput,
  type WorkItemStatus,
} from '../src/index.js';

describe('public types', () => {
  test('a summary has exactly the five count keys, all numbers', () => {
    expectTypeOf<keyof AgentStateSummary>().toEqualTypeOf<'open' | 'in_progress' | 'blocked' | 'done' | 'total'>();
    expectTypeOf<AgentStateSummary[keyof AgentStateSummary]>().toEqualTypeOf<number>();
    expectTypeOf(summarizeAgentState).returns.toEqualTypeOf<AgentStateSummary>();
  });

  test('a snapshot has schemaVersion 1, an optional objective and readonly lists', () => {
    expectTypeOf<AgentStateSnapshot['schemaVersion']>().toEqualTypeOf<1>();
    expectTypeOf<keyof AgentStateSnapshot>().toEqualTypeOf<'schemaVersion' | 'objective' | 'workItems' | 'decisions'>();
    expectTypeOf<AgentStateSnapshot>().toHaveProperty('objective').toEqualTypeOf<string | undefined>();
    expectTypeOf<{ schemaVersion: 1; workItems: []; decisions: []; objective: undefined }>().not.toExtend<AgentStateSnapshot>();
    expectTypeOf<AgentStateSnapshot['workItems']>().toEqualTypeOf<readonly WorkItem[]>();
  });

  test('WORK_ITEM_STATUSES lists exactly the WorkItemStatus members, in order', () => {
    expectTypeOf(WORK_ITEM_STATUSES).toEqualTypeOf<readonly ['open', 'in_progress', 'blocked', 'done']>();
    expectTypeOf<(typeof WORK_ITEM_STATUSES)[number]>().toEqualTypeOf<WorkItemStatus>();
  });

  test('a work item input may leave out the status, a stored work item may not', () => {
    expectTypeOf<{ id: string; content: string }>().toExtend<WorkItemInput>();
    expectTypeOf<{ id: string; content: string }>().not.toExtend<WorkItem>();
    expectTypeOf<WorkItem['status']>().toEqualTypeOf<WorkItemStatus>();
  });

  test('createAgentState takes optional typed input; restoreAgentState takes anything', () => {
    expectTypeOf(createAgentState).toBeCallableWith();
    expectTypeOf(createAgentState).toBeCallableWith({ objective: 'Goal', workItems: [{ id: 'a', content: 'A' }] });
    expectTypeOf(createAgentState).parameter(0).toEqualTypeOf<AgentStateInput | undefined>();
    expectTypeOf(createAgentState).returns.toEqualTypeOf<AgentState>();
    expectTypeOf(restoreAgentState).parameters.toEqualTypeOf<[snapshot: unknown]>();
    expectTypeOf(restoreAgentState).returns.toEqualTypeOf<AgentState>();
  });

  test('the state has no way to set the objective', () => {
    expectTypeOf<keyof AgentState>().toEqualTypeOf<
      | 'addWorkItem'
      | 'setWorkItemStatus'
      | 'getWorkItem'
      | 'listWorkItems'
      | 'removeWorkItem'
      | 'addDecision'
      | 'listDecisions'
      | 'snapshot'
    >();
    expectTypeOf<AgentState['getWorkItem']>().returns.toEqualTypeOf<WorkItem | undefined>();
  });

  test('AgentStateError carries a typed code and an optional item id', () => {
    expectTypeOf<AgentStateError>().toExtend<Error>();
    expectTypeOf<AgentStateError['code']>().toEqualTypeOf<AgentStateErrorCode>();
    expectTypeOf<AgentStateErrorCode>().toEqualTypeOf<'invalid_input' | 'duplicate_item_id' | 'unknown_item_id'>();
    expectTypeOf<AgentStateError>().toHaveProperty('itemId').toEqualTypeOf<string | undefined>();
  });

  test('the limits are exported as their literal values', () => {
    expectTypeOf<typeof MAX_ID_LENGTH>().toEqualTypeOf<1024>();
    expectTypeOf<typeof MAX_TEXT_LENGTH>().toEqualTypeOf<65_536>();
  });
});
