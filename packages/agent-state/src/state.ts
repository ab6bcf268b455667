import { AgentStateError } from './errors.js';
import { SNAPSHOT_SCHEMA_VERSION } from './schema.js';
import type {
  AgentState,
  AgentStateInput,
  AgentStateSnapshot,
  Decision,
  DecisionInput,
  WorkItem,
  WorkItemInput,
  WorkItemStatus,
} from './types.js';
import {
  parseAgentStateInput,
  parseDecisionInput,
  parseId,
  parseSnapshot,
  parseStatus,
  parseWorkItemInput,
} from './validation.js';

/** Builds a state from caller input; throws AgentStateError and builds nothing when any part is invalid. */
export function createAgentState(input?: AgentStateInput): AgentState {
  return buildAgentState(parseAgentStateInput(input));
}

/** Rebuilds a state from a snapshot of unknown origin; all or nothing, like `createAgentState`. */
export function restoreAgentState(snapshot: unknown): AgentState {
  return buildAgentState(parseSnapshot(snapshot));
}

// Maps keep insertion order and treat ids such as `__proto__` as ordinary keys.
function buildAgentState(validated: AgentStateSnapshot): AgentState {
  const objective = validated.objective;
  const workItems = new Map<string, WorkItem>();
  for (const item of validated.workItems) {
    workItems.set(item.id, copyWorkItem(item));
  }
  const decisions = new Map<string, Decision>();
  for (const decision of validated.decisions) {
    decisions.set(decision.id, copyDecision(decision));
  }

  function requireWorkItem(id: unknown): WorkItem {
    const validId = parseId(id, 'id');
    const item = workItems.get(validId);
    if (item === undefined) {
      throw new AgentStateError('unknown_item_id', 'no work item has this id', validId);
    }
    return item;
  }

  function listWorkItems(): WorkItem[] {
    return Array.from(workItems.values(), copyWorkItem);
  }

  function listDecisions(): Decision[] {
    return Array.from(decisions.values(), copyDecision);
  }

  return Object.freeze({
    addWorkItem(input: WorkItemInput): WorkItem {
      const item = parseWorkItemInput(input);
      if (workItems.has(item.id)) {
        throw new AgentStateError('duplicate_item_id', 'workItem.id is already used by a work item', item.id);
      }
      workItems.set(item.id, item);
      return copyWorkItem(item);
    },

    setWorkItemStatus(id: string, status: WorkItemStatus): WorkItem {
      const current = requireWorkItem(id);
      const updated: WorkItem = { ...current, status: parseStatus(status, 'status', current.id) };
      // Map.set on an existing key keeps the item's position.
      workItems.set(current.id, updated);
      return copyWorkItem(updated);
    },

    getWorkItem(id: string): WorkItem | undefined {
      const item = workItems.get(parseId(id, 'id'));
      return item === undefined ? undefined : copyWorkItem(item);
    },

    listWorkItems,

    removeWorkItem(id: string): WorkItem {
      const item = requireWorkItem(id);
      workItems.delete(item.id);
      return copyWorkItem(item);
    },

    addDecision(input: DecisionInput): Decision {
      const decision = parseDecisionInput(input);
      if (decisions.has(decision.id)) {
        throw new AgentStateError('duplicate_item_id', 'decision.id is already used by a decision', decision.id);
      }
      decisions.set(decision.id, decision);
      return copyDecision(decision);
    },

    listDecisions,

    snapshot(): AgentStateSnapshot {
      const items = listWorkItems();
      const decided = listDecisions();
      // Key order follows the documented schema; `objective` is left out, not undefined, when unset.
      return objective === undefined
        ? { schemaVersion: SNAPSHOT_SCHEMA_VERSION, workItems: items, decisions: decided }
        : { schemaVersion: SNAPSHOT_SCHEMA_VERSION, objective, workItems: items, decisions: decided };
    },
  });
}

function copyWorkItem(item: WorkItem): WorkItem {
  return { id: item.id, content: item.content, status: item.status };
}

function copyDecision(decision: Decision): Decision {
  return { id: decision.id, content: decision.content };
}
