import { expect } from 'vitest';
import type { FakePiHost, FakePiHostOptions } from '../fake-host/fake-host.js';
import type { Notification } from '../fake-host/fake-ui.js';

// The fake-host setup every host-level adapter test shares: one extension, one slash command, one
// custom entry type for its saved state.

export interface CommandAdapter {
  /** The extension's default export. */
  readonly extension: (pi: never) => void | Promise<void>;
  /** The slash command's name, without the slash. */
  readonly command: string;
  /** The custom entry type the adapter saves its state under. */
  readonly entryType: string;
  /** Host options every `start` begins with (a test's own options win). */
  readonly hostDefaults?: FakePiHostOptions;
}

export interface CommandHarness {
  readonly entryType: string;
  /** A fake Pi host with the extension loaded and a session started, its startup notifications taken. */
  readonly start: (options?: FakePiHostOptions) => Promise<FakePiHost>;
  /** Runs `/<command> <args>` and returns what it notified. */
  readonly run: (host: FakePiHost, args: string) => Promise<Notification[]>;
  /** Runs several commands that must each succeed with one info notification. */
  readonly recordAll: (host: FakePiHost, commands: readonly string[]) => Promise<void>;
  /** Payloads of every saved state entry of the current session, all branches, in append order. */
  readonly savedPayloads: (host: FakePiHost) => unknown[];
}

export function createCommandHarness({ extension, command, entryType, hostDefaults = {} }: CommandAdapter): CommandHarness {
  const start = async (ownOptions: FakePiHostOptions = {}): Promise<FakePiHost> => {
    const options = { ...hostDefaults, ...ownOptions };
    // Loaded on first use: the host compiles tool schemas with typebox, which the cores' tests never need.
    const { createFakePiHost } = await import('../fake-host/fake-host.js');
    const host = createFakePiHost(options);
    await host.load(extension);
    await host.startSession('startup');
    host.takeNotifications();
    return host;
  };

  const run = async (host: FakePiHost, args: string): Promise<Notification[]> => {
    await host.runCommand(`/${command} ${args}`);
    return host.takeNotifications();
  };

  const recordAll = async (host: FakePiHost, commands: readonly string[]): Promise<void> => {
    for (const args of commands) {
      const notifications = await run(host, args);
      expect(notifications, args).toHaveLength(1);
      expect(notifications[0]?.type, `${args}: ${notifications[0]?.message ?? ''}`).toBe('info');
    }
  };

  const savedPayloads = (host: FakePiHost): unknown[] => host.session.customEntries(entryType).map((entry) => entry.data);

  return { entryType, start, run, recordAll, savedPayloads };
}

/** The id of the newest entry of the session, to navigate or fork to. */
export function leafId(host: FakePiHost): string {
  const leaf = host.session.getLeafId();
  if (leaf === null) {
    throw new Error('the session has no entries');
  }
  return leaf;
}

/** Nothing failed inside the extension and no API outside the adapter's port was used, `permittedCalls` aside. */
export function expectCleanRun(host: FakePiHost, permittedCalls: readonly string[] = []): void {
  expect(host.extensionErrors).toEqual([]);
  expect(host.forbiddenCalls.filter((call) => !permittedCalls.includes(call.method))).toEqual([]);
}
