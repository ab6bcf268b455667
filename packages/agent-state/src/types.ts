/** The four statuses a work item can have. Nothing else is accepted, and nothing is corrected. */
export type WorkItemStatus = 'open' | 'in_progress' | 'blocked' | 'done';

export interface WorkItem {
  readonly id: string;
  readonly content: string;
  readonly status: WorkItemStatus;
}

/** A work item as a caller declares it; without a status it is `open`. */
export interface WorkItemInput {
  readonly id: string;
  readonly content: string;
  readonly status?: WorkItemStatus;
}

export interface Decision {
  readonly id: string;
  readonly content: string;
}

export interface DecisionInput {
  readonly id: string;
  readonly content: string;
}

export interface AgentStateInput {
  readonly objective?: string;
  readonly workItems?: readonly WorkItemInput[];
  readonly decisions?: readonly DecisionInput[];
}

/** Plain JSON; `objective` is present only when one is set. */
export interface AgentStateSnapshot {
  readonly schemaVersion: 1;
  readonly objective?: string;
  readonly workItems: readonly WorkItem[];
  readonly decisions: readonly Decision[];
}

/** Counts only: no ratios, no percentages, nothing that reads as a judgement. */
export interface AgentStateSummary {
  readonly open: number;
  readonly in_progress: number;
  readonly blocked: number;
  readonly done: number;
  readonly total: number;
}

export interface AgentState {
  /** Adds a work item at the end; throws `duplicate_item_id` when the id is taken. */
  addWorkItem(input: WorkItemInput): WorkItem;
  /** Sets any status from any other; throws `unknown_item_id` when there is no such item. */
  setWorkItemStatus(id: string, status: WorkItemStatus): WorkItem;
  getWorkItem(id: string): WorkItem | undefined;
  listWorkItems(): WorkItem[];
  /** Removes and returns the item; throws `unknown_item_id` when there is no such item. */
  removeWorkItem(id: string): WorkItem;
  /** Adds a decision at the end; throws `duplicate_item_id` when the id is taken among decisions. */
  addDecision(input: DecisionInput): Decision;
  listDecisions(): Decision[];
  snapshot(): AgentStateSnapshot;
}

export type AgentStateErrorCode = 'invalid_input' | 'duplicate_item_id' | 'unknown_item_id';
