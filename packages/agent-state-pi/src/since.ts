import type { AgentStateSnapshot, WorkItemStatus } from '@j1nn0/agent-state';
import type { Caller, PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import { STATE_ENTRY_TYPE, savedBy, savedConfirmed } from './persistence.js';

// Since when each unfinished work item has had its status: the time of the oldest state entry, going
// back from the newest, in which it still had that status. At a restore the branch is walked back only
// until every unfinished item's time is known; after that each change keeps the times up to date, so a
// read never walks the branch.

/** Work item id -> when it took its current status (ISO 8601), for the unfinished items whose time is known. */
export type SinceTimes = ReadonlyMap<string, string>;

export const NO_TIMES: SinceTimes = new Map();

/** Since when `item` has had its status; a done item has none, whatever `since` holds. */
export function itemSince(since: SinceTimes, item: { readonly id: string; readonly status: WorkItemStatus }): string | undefined {
  return item.status === 'done' ? undefined : since.get(item.id);
}

/** The work items a saved payload holds, read without validating the whole state (a restore did that for the newest). */
function savedWorkItems(data: unknown): readonly unknown[] | undefined {
  const state = typeof data === 'object' && data !== null ? (data as { readonly state?: unknown }).state : undefined;
  const items = typeof state === 'object' && state !== null ? (state as { readonly workItems?: unknown }).workItems : undefined;
  return Array.isArray(items) ? items : undefined;
}

/**
 * The times of `snapshot`'s unfinished items, `snapshot` being the newest state saved on `branch` (root
 * to leaf). Walks back from the leaf and stops once every item's status differs in an older entry (or
 * the item is not in it); an entry it cannot read, or one without a time, ends the walk with the times
 * found so far, which are then the oldest the session confirms.
 */
export function sinceOnBranch(branch: readonly PiSessionEntryPort[], snapshot: AgentStateSnapshot): SinceTimes {
  // Item id -> the status it is followed back with; an item leaves once an older entry differs.
  const pending = new Map<unknown, string>(snapshot.workItems.filter((item) => item.status !== 'done').map((item) => [item.id, item.status]));
  const since = new Map<string, string>();
  // At a start this runs over every entry since the oldest unfinished item took its status (a few
  // hundred whole states at the limits), so each entry is read in one pass with no copy.
  const matchedIn = new Map<unknown, number>();
  for (let index = branch.length - 1; index >= 0 && pending.size > 0; index -= 1) {
    const entry = branch[index];
    if (entry?.type !== 'custom' || entry.customType !== STATE_ENTRY_TYPE) {
      continue;
    }
    const items = savedWorkItems(entry.data);
    const time = entry.timestamp;
    if (items === undefined || time === undefined) {
      break;
    }
    let matched = 0;
    for (const item of items) {
      const { id, status } = (typeof item === 'object' && item !== null ? item : {}) as { readonly id?: unknown; readonly status?: unknown };
      // An id counts once an entry, so a saved state that repeats one cannot keep another item pending.
      if (typeof id === 'string' && matchedIn.get(id) !== index && pending.get(id) === status) {
        since.set(id, time);
        matchedIn.set(id, index);
        matched += 1;
      }
    }
    if (matched < pending.size) {
      for (const id of pending.keys()) {
        if (matchedIn.get(id) !== index) {
          pending.delete(id);
        }
      }
    }
  }
  return since;
}

/**
 * The times after a change saved at `at`: an item that is new or took another status starts then (or
 * has no known time, if the entry has none).
 */
export function sinceAfterChange(since: SinceTimes, previous: AgentStateSnapshot, next: AgentStateSnapshot, at: string | undefined): SinceTimes {
  const before = new Map(previous.workItems.map((item) => [item.id, item.status]));
  const times = new Map<string, string>();
  for (const item of next.workItems) {
    if (item.status === 'done') {
      continue;
    }
    const kept = before.get(item.id) === item.status ? since.get(item.id) : at;
    if (kept !== undefined) {
      times.set(item.id, kept);
    }
  }
  return times;
}

/** Work item id -> who declared its current status (done included), where the session tells. */
export type DeclaredBy = ReadonlyMap<string, Caller>;

export const NO_DECLARATIONS: DeclaredBy = new Map();

/**
 * Who declared each work item's current status in `snapshot`, the newest state saved on `branch`: the
 * caller of the entry in which the item took that status, or of a later one that confirmed it (a
 * person's `set` to the status the model had declared). Walks back from the leaf; an item whose origin
 * lies behind an entry it cannot read, or one that does not say who saved it, gets no one: nobody is
 * named who is not recorded.
 */
export function declaredOnBranch(branch: readonly PiSessionEntryPort[], snapshot: AgentStateSnapshot): DeclaredBy {
  const pending = new Map<unknown, string>(snapshot.workItems.map((item) => [item.id, item.status]));
  // The caller of the oldest entry seen so far that has the item in its current status.
  const candidate = new Map<string, Caller | undefined>();
  const declared = new Map<string, Caller>();
  const settle = (id: string): void => {
    const by = candidate.get(id);
    if (by !== undefined) declared.set(id, by);
    pending.delete(id);
  };
  let unreadable = false;
  for (let index = branch.length - 1; index >= 0 && pending.size > 0; index -= 1) {
    const entry = branch[index];
    if (entry?.type !== 'custom' || entry.customType !== STATE_ENTRY_TYPE) {
      continue;
    }
    const items = savedWorkItems(entry.data);
    if (items === undefined) {
      unreadable = true;
      break;
    }
    const statusIn = new Map<unknown, unknown>();
    for (const item of items) {
      const { id, status } = (typeof item === 'object' && item !== null ? item : {}) as { readonly id?: unknown; readonly status?: unknown };
      if (!statusIn.has(id)) statusIn.set(id, status);
    }
    const by = savedBy(entry.data);
    const confirmed = savedConfirmed(entry.data);
    for (const [id, status] of [...pending]) {
      if (typeof id !== 'string') continue;
      if (statusIn.get(id) !== status) {
        settle(id);
      } else {
        candidate.set(id, by);
        if (confirmed.includes(id)) settle(id);
      }
    }
  }
  // What is left reached the root of the branch, whose oldest entry is where it took its status.
  if (!unreadable) {
    for (const id of [...pending.keys()]) {
      if (typeof id === 'string') settle(id);
    }
  }
  return declared;
}

/** Who declared each status after a change saved by `by`: a new or changed status, or one it confirmed, is theirs. */
export function declaredAfterChange(
  declared: DeclaredBy,
  previous: AgentStateSnapshot,
  next: AgentStateSnapshot,
  by: Caller,
  confirmed: readonly string[] = [],
): DeclaredBy {
  const before = new Map(previous.workItems.map((item) => [item.id, item.status]));
  const after = new Map<string, Caller>();
  for (const item of next.workItems) {
    const kept = before.get(item.id) === item.status && !confirmed.includes(item.id) ? declared.get(item.id) : by;
    if (kept !== undefined) after.set(item.id, kept);
  }
  return after;
}
