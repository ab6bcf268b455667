import { AgentStateError, invalidInput } from './errors.js';
import { parseUntrusted, readPlainArray, readPlainObject } from './plain-data.js';
import { MAX_ID_LENGTH, MAX_TEXT_LENGTH, SNAPSHOT_SCHEMA_VERSION, WORK_ITEM_STATUSES } from './schema.js';
import type { AgentStateSnapshot, Decision, WorkItem, WorkItemStatus } from './types.js';

// Pure checks that turn untrusted values into fresh, validated plain copies or throw AgentStateError.

const INPUT_KEYS = ['objective', 'workItems', 'decisions'];
const SNAPSHOT_KEYS = ['schemaVersion', 'objective', 'workItems', 'decisions'];
const WORK_ITEM_KEYS = ['id', 'content', 'status'];
const DECISION_KEYS = ['id', 'content'];
const STATUS_LIST = WORK_ITEM_STATUSES.join(', ');
// With the `u` flag a valid surrogate pair is one code point, so only lone halves match.
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether a work item without a status is an error (snapshots) or `open` (caller input). */
type MissingStatus = 'rejected' | 'open';

/** Validates `createAgentState` input and returns it as a snapshot. */
export function parseAgentStateInput(input: unknown): AgentStateSnapshot {
  if (input === undefined) {
    return { schemaVersion: SNAPSHOT_SCHEMA_VERSION, workItems: [], decisions: [] };
  }
  return parseUntrusted(input, 'input', (value) =>
    parseFields(readPlainObject(value, 'input', INPUT_KEYS), 'open'),
  );
}

/** Validates a snapshot from anywhere (a file, a session entry, a model) and returns a fresh copy. */
export function parseSnapshot(snapshot: unknown): AgentStateSnapshot {
  return parseUntrusted(snapshot, 'snapshot', (value) => {
    const fields = readPlainObject(value, 'snapshot', SNAPSHOT_KEYS);
    if (fields.get('schemaVersion') !== SNAPSHOT_SCHEMA_VERSION) {
      throw invalidInput(`schemaVersion must be ${SNAPSHOT_SCHEMA_VERSION}`);
    }
    requireKey(fields, 'workItems', 'workItems');
    requireKey(fields, 'decisions', 'decisions');
    return parseFields(fields, 'rejected');
  });
}

export function parseWorkItemInput(input: unknown): WorkItem {
  return parseUntrusted(input, 'workItem', (value) => parseWorkItem(value, 'workItem', 'open'));
}

export function parseDecisionInput(input: unknown): Decision {
  return parseUntrusted(input, 'decision', (value) => parseDecision(value, 'decision'));
}

export function parseId(value: unknown, path: string): string {
  return parseString(value, path, MAX_ID_LENGTH);
}

export function parseStatus(value: unknown, path: string, itemId?: string): WorkItemStatus {
  const status = WORK_ITEM_STATUSES.find((candidate) => candidate === value);
  if (status === undefined) {
    throw invalidInput(`${path} must be one of ${STATUS_LIST}`, itemId);
  }
  return status;
}

function parseFields(fields: ReadonlyMap<string, unknown>, missingStatus: MissingStatus): AgentStateSnapshot {
  const objective = fields.has('objective')
    ? parseString(fields.get('objective'), 'objective', MAX_TEXT_LENGTH)
    : undefined;
  const workItems = fields.has('workItems') ? parseWorkItems(fields.get('workItems'), missingStatus) : [];
  const decisions = fields.has('decisions') ? parseDecisions(fields.get('decisions')) : [];
  return objective === undefined
    ? { schemaVersion: SNAPSHOT_SCHEMA_VERSION, workItems, decisions }
    : { schemaVersion: SNAPSHOT_SCHEMA_VERSION, objective, workItems, decisions };
}

function parseWorkItems(value: unknown, missingStatus: MissingStatus): WorkItem[] {
  const seenIds = new Set<string>();
  return readPlainArray(value, 'workItems').map((element, index) => {
    const path = `workItems[${index}]`;
    const item = parseWorkItem(element, path, missingStatus);
    rejectRepeatedId(seenIds, item.id, `${path}.id repeats an earlier work item id`);
    return item;
  });
}

function parseDecisions(value: unknown): Decision[] {
  const seenIds = new Set<string>();
  return readPlainArray(value, 'decisions').map((element, index) => {
    const path = `decisions[${index}]`;
    const decision = parseDecision(element, path);
    rejectRepeatedId(seenIds, decision.id, `${path}.id repeats an earlier decision id`);
    return decision;
  });
}

function parseWorkItem(value: unknown, path: string, missingStatus: MissingStatus): WorkItem {
  const fields = readPlainObject(value, path, WORK_ITEM_KEYS);
  const id = parseId(requireKey(fields, 'id', `${path}.id`), `${path}.id`);
  const content = parseContent(fields, path, id);
  if (!fields.has('status') && missingStatus === 'open') {
    return { id, content, status: 'open' };
  }
  const status = parseStatus(requireKey(fields, 'status', `${path}.status`, id), `${path}.status`, id);
  return { id, content, status };
}

function parseDecision(value: unknown, path: string): Decision {
  const fields = readPlainObject(value, path, DECISION_KEYS);
  const id = parseId(requireKey(fields, 'id', `${path}.id`), `${path}.id`);
  const content = parseContent(fields, path, id);
  return { id, content };
}

function parseContent(fields: ReadonlyMap<string, unknown>, path: string, id: string): string {
  const contentPath = `${path}.content`;
  return parseString(requireKey(fields, 'content', contentPath, id), contentPath, MAX_TEXT_LENGTH, id);
}

function parseString(value: unknown, path: string, maxLength: number, itemId?: string): string {
  if (typeof value !== 'string') {
    throw invalidInput(`${path} must be a string`, itemId);
  }
  if (value.length > maxLength) {
    throw invalidInput(`${path} must be at most ${maxLength} characters`, itemId);
  }
  if (value.trim() === '') {
    throw invalidInput(`${path} must not be empty or only whitespace`, itemId);
  }
  if (LONE_SURROGATE.test(value)) {
    throw invalidInput(`${path} must not contain lone surrogates`, itemId);
  }
  return value;
}

function requireKey(fields: ReadonlyMap<string, unknown>, key: string, path: string, itemId?: string): unknown {
  if (!fields.has(key)) {
    throw invalidInput(`${path} is required`, itemId);
  }
  return fields.get(key);
}

function rejectRepeatedId(seenIds: Set<string>, id: string, message: string): void {
  if (seenIds.has(id)) {
    throw new AgentStateError('duplicate_item_id', message, id);
  }
  seenIds.add(id);
}
