import type { ExtensionAPI } from 'pi-coding-agent-0.84.2';
import { describe, expect, it } from 'vitest';
import { FakePiHostError } from '../src/fake-host/errors.js';
import { createFakePiHost } from '../src/fake-host/fake-host.js';

// Extension keys as Pi 0.84.2's runner resolves them: compared lower-cased, the later of two
// registrations wins (Pi warns), and only the terminal UI runs them.

function keyExtension(key: string, pressed: string[], label: string) {
  return (pi: ExtensionAPI): void => {
    pi.registerShortcut(key as Parameters<ExtensionAPI['registerShortcut']>[0], {
      description: `${label}'s key`,
      handler: (ctx) => {
        pressed.push(`${label}:${ctx.mode}`);
        ctx.ui.notify(`${label} pressed`, 'info');
      },
    });
  };
}

describe('extension shortcuts in the fake host', () => {
  it('records a key and runs its handler with an extension ctx when it is pressed', async () => {
    const pressed: string[] = [];
    const host = createFakePiHost();
    await host.load(keyExtension('alt+s', pressed, 'one'));
    await host.startSession();
    expect(host.shortcuts.get('alt+s')).toMatchObject({ shortcut: 'alt+s', description: "one's key" });
    await host.pressShortcut('Alt+S');
    expect(pressed).toEqual(['one:tui']);
    expect(host.notifications).toEqual([{ message: 'one pressed', type: 'info' }]);
  });

  it('gives a key two extensions registered to the later one and reports it', async () => {
    const pressed: string[] = [];
    const host = createFakePiHost();
    await host.load(keyExtension('alt+s', pressed, 'first'));
    await host.load(keyExtension('ALT+s', pressed, 'second'));
    await host.startSession();
    await host.pressShortcut('alt+s');
    expect(pressed).toEqual(['second:tui']);
    expect(host.registrationProblems).toEqual(['duplicate shortcut "alt+s"']);
  });

  it('records a throwing handler as an extension error and goes on', async () => {
    const host = createFakePiHost();
    await host.load((pi: ExtensionAPI) => {
      pi.registerShortcut('alt+s', {
        handler: () => {
          throw new Error('boom');
        },
      });
    });
    await host.startSession();
    await host.pressShortcut('alt+s');
    expect(host.extensionErrors).toEqual([{ extensionPath: '<inline:1>', event: 'shortcut', error: 'boom' }]);
  });

  it('throws for a key nobody registered and in a mode without a terminal', async () => {
    const host = createFakePiHost();
    await host.startSession();
    await expect(host.pressShortcut('alt+s')).rejects.toMatchObject({ code: 'unknown-shortcut' });
    const client = createFakePiHost({ mode: 'rpc' });
    await client.load(keyExtension('alt+s', [], 'one'));
    await expect(client.pressShortcut('alt+s')).rejects.toBeInstanceOf(FakePiHostError);
    await expect(client.pressShortcut('alt+s')).rejects.toMatchObject({ code: 'no-keyboard' });
  });

  it('forgets the keys of a replaced runtime and takes them again from the re-run factory', async () => {
    const pressed: string[] = [];
    const host = createFakePiHost();
    await host.load(keyExtension('alt+s', pressed, 'one'));
    await host.startSession();
    await host.newSession();
    expect([...host.shortcuts.keys()]).toEqual(['alt+s']);
    await host.pressShortcut('alt+s');
    expect(pressed).toEqual(['one:tui']);
  });
});
