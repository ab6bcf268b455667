import type { ExtensionShortcut } from 'pi-coding-agent-0.84.2';
import type { ExtensionRegistrations } from './extension-registry.js';

// Keys extensions register with `pi.registerShortcut`, resolved as Pi 0.84.2's runner does
// (`getShortcuts`): keys compare lower-cased, and when two extensions register one key the later
// one wins. Clashes with Pi's own default keys are left to a test that reads every line's bindings.

export type FakeShortcut = ExtensionShortcut;

/** The key Pi matches: key ids compare case-insensitively. */
export function normalizeShortcut(key: string): string {
  return key.toLowerCase();
}

/** Every registered key, the last registration of a key winning, as in Pi. */
export function resolveShortcuts(extensions: readonly ExtensionRegistrations[]): Map<string, FakeShortcut> {
  const shortcuts = new Map<string, FakeShortcut>();
  for (const extension of extensions) {
    for (const [key, shortcut] of extension.shortcuts) shortcuts.set(normalizeShortcut(key), shortcut);
  }
  return shortcuts;
}

/** Pi warns `Extension shortcut conflict: 'x' registered by both ...` and keeps the later one. */
export function findShortcutProblems(extensions: readonly ExtensionRegistrations[]): string[] {
  const owners = new Map<string, number>();
  for (const extension of extensions) {
    for (const key of extension.shortcuts.keys()) {
      const normalized = normalizeShortcut(key);
      owners.set(normalized, (owners.get(normalized) ?? 0) + 1);
    }
  }
  return [...owners].filter(([, count]) => count > 1).map(([key]) => `duplicate shortcut "${key}"`);
}
