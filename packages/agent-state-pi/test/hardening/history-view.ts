import type { ReferenceState } from '@j1nn0/pi-testkit/reference-models';
import { HISTORY_LINES } from '../../src/history.js';
import type { SavedEntry } from './model-world.js';

// `/agent-state history [id]` read back into structure (README "history"), and the structure the reference
// expects from the states saved on the branch: one line a saved change, newest last, at most HISTORY_LINES,
// each with a time, who asked (as saved) and whether the entry could be read.

export interface HistoryLineView {
  readonly who: 'you' | 'model' | 'who is not recorded';
  readonly readable: boolean;
}

export type HistoryView =
  | { readonly empty: true }
  | { readonly empty: false; readonly left: number; readonly lines: readonly HistoryLineView[] };

const HEADER = /^Agent State history(?: of "[^\n]*")?, newest last(?: \((\d+) earlier not shown\))?:$/u;
const LINE = /^- (?:\d\d:\d\d|\d{4}-\d\d-\d\d \d\d:\d\d|no time) (you|model|who is not recorded): (.+)$/u;
const EMPTY = /^Agent State history: no (?:change is saved on this branch|saved change on this branch touches "[^\n]*")\.$/u;

export function parseHistoryText(text: string): HistoryView | { readonly unparsed: string } {
  if (EMPTY.test(text)) return { empty: true };
  const [header = '', ...rest] = text.split('\n');
  const head = HEADER.exec(header);
  const lines = rest.map((line) => LINE.exec(line));
  if (head === null || lines.some((line) => line === null)) return { unparsed: text };
  return {
    empty: false,
    left: Number(head[1] ?? 0),
    lines: lines.map((line) => ({ who: line?.[1] as HistoryLineView['who'], readable: line?.[2] !== 'unreadable saved state' })),
  };
}

function whoSaved(saved: SavedEntry): HistoryLineView['who'] {
  const by = saved.readable ? saved.by : (saved.data as { by?: unknown } | null | undefined)?.by;
  return by === 'person' ? 'you' : by === 'model' ? 'model' : 'who is not recorded';
}

/** Whether going from `before` (nothing, after an unreadable entry) to `after` added, removed or re-set `id`. */
function touches(before: ReferenceState | undefined, after: ReferenceState, id: string): boolean {
  const statusIn = (state: ReferenceState | undefined): string | undefined => state?.workItems.find((item) => item.id === id)?.status;
  const decidedIn = (state: ReferenceState | undefined): boolean => state?.decisions.some((decision) => decision.id === id) ?? false;
  return statusIn(before) !== statusIn(after) || decidedIn(before) !== decidedIn(after);
}

export function expectedHistoryView(savedOnBranch: readonly SavedEntry[], id: string | undefined): HistoryView {
  const kept: HistoryLineView[] = [];
  let previous: ReferenceState | undefined;
  for (const saved of savedOnBranch) {
    if (!saved.readable || id === undefined || touches(previous, saved.state, id)) {
      kept.push({ who: whoSaved(saved), readable: saved.readable });
    }
    previous = saved.readable ? saved.state : undefined;
  }
  if (kept.length === 0) return { empty: true };
  return { empty: false, left: Math.max(0, kept.length - HISTORY_LINES), lines: kept.slice(-HISTORY_LINES) };
}
