// The scene issue 22 found the panel hiding the work in hand in: 24 items, w1 done, w20 in_progress,
// w22 blocked. Each step is a command and the text a terminal then shows (an RPC client needs only the command).

export interface SceneStep {
  readonly command: string;
  readonly seen: string;
}

const ITEMS = 24;

export const WORK_IN_HAND_STEPS: readonly SceneStep[] = [
  { command: '/agent-state objective Ship the CSV export', seen: 'Agent State · Ship the CSV export' },
  ...Array.from({ length: ITEMS }, (_, index) => ({
    command: `/agent-state add w${index + 1} Item ${index + 1}`,
    seen: `Agent State 0/${index + 1} done`,
  })),
  { command: '/agent-state set w1 done', seen: 'Agent State 1/24 done' },
  { command: '/agent-state set w20 in_progress', seen: '] w20: Item 20' },
  { command: '/agent-state set w22 blocked', seen: 'Agent State 1/24 done, 1 blocked' },
];

/** The panel after the scene: the two items a person acts on first, then what fits of the open ones. */
export const WORK_IN_HAND_PANEL: readonly string[] = [
  'Agent State · Ship the CSV export · 1/24 done',
  '  [in_progress] w20: Item 20',
  '  [blocked] w22: Item 22',
  '  [open] w2: Item 2',
  '  [open] w3: Item 3',
  '  +19 more: 19 open',
];

/** The same counts in the footer's text, as an RPC client receives it (the terminal puts `│ ` before it). */
export const WORK_IN_HAND_FOOTER = 'Agent State 1/24 done, 1 blocked';
