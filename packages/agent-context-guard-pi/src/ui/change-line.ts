import type { ContextItem } from '@j1nn0/agent-context-guard';
import { escapeTerminalText, plural } from '@j1nn0/pi-adapter-kit';
import { countCritical, type GuardState } from '../guard-state.js';

// The transcript line of one saved guard entry: what changed since the entry before it on the branch.

/** `3 protected items (1 critical)`: what a clear removes, in its preview, its reply and its chat line alike. */
export function protectedCounts(items: readonly ContextItem[]): string {
  const count = plural(items.length, 'protected item', 'protected items');
  return items.length === 0 ? count : `${count} (${countCritical(items).toString()} critical)`;
}

/**
 * `protected ship (goal, critical)`, `removed ship`, `ship critical`, `ship not critical`,
 * `cleared 3 protected items (1 critical)`, `recovery → critical`.
 */
export function describeGuardChange(previous: GuardState | undefined, next: GuardState): string {
  const beforeItems = previous?.items ?? [];
  if (next.items.length === 0 && beforeItems.length > 0) {
    return `cleared ${protectedCounts(beforeItems)}`;
  }
  const changes: string[] = [];
  const before = new Map(beforeItems.map((item) => [item.id, item]));
  const nextIds = new Set(next.items.map((item) => item.id));
  for (const item of next.items) {
    const old = before.get(item.id);
    if (old === undefined) {
      changes.push(`protected ${escapeTerminalText(item.id)} (${item.kind}${item.critical ? ', critical' : ''})`);
    } else if (old.critical !== item.critical) {
      changes.push(`${escapeTerminalText(item.id)} ${item.critical ? 'critical' : 'not critical'}`);
    }
  }
  for (const item of beforeItems) {
    if (!nextIds.has(item.id)) {
      changes.push(`removed ${escapeTerminalText(item.id)}`);
    }
  }
  if (next.recovery !== (previous?.recovery ?? 'off')) {
    changes.push(`recovery → ${next.recovery}`);
  }
  return changes.length === 0 ? 'saved, no change' : changes.join(', ');
}
