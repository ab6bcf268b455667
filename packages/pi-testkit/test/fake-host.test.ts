import type { ExtensionAPI } from 'pi-coding-agent-0.84.2';
import Type from 'typebox';
import { describe, expect, it, vi } from 'vitest';
import type { FakeExtensionApi } from '../src/fake-host/extension-api.js';
import { createFakePiHost, type ExtensionFactory, type FakePiHost, type FakePiHostOptions } from '../src/fake-host/fake-host.js';

// What the fake host does beyond the host contract (test/host-contract.test.ts runs that on it: loading,
// command arguments, Pi's validator and tool errors, the first-reply rule and a restart, new session,
// switch, fork before a message, tree moves, compaction and the context event, what a client is sent):
// what Pi resolves silently and the fake reports, what an adapter must not use, and the paths the contract
// cannot reach on the fake (no UI, keys in the terminal, a stale runtime, a fork at an entry).

async function hostWith(options: FakePiHostOptions, ...extensions: ExtensionFactory[]): Promise<FakePiHost> {
  const host = createFakePiHost({ cwd: '/project', ...options });
  for (const extension of extensions) await host.load(extension);
  return host;
}

/** An extension whose command `/note <text>` appends a `note` entry and notifies. */
const noteExtension: ExtensionFactory = (pi) => {
  pi.registerCommand('note', {
    handler: (args, ctx) => {
      pi.appendEntry('note', { text: args });
      ctx.ui.notify(`noted ${args}`, 'info');
      return Promise.resolve();
    },
  });
};

/** An extension that records every event of `names` it receives, in order, as `name:reason`. */
function listening(names: readonly string[], seen: string[], tag = ''): ExtensionFactory {
  return (pi) => {
    for (const name of names) {
      (pi.on as (name: string, handler: (event: { reason?: string }) => void) => void)(name, (event) => {
        seen.push(`${tag}${name}:${event.reason ?? ''}`);
      });
    }
  };
}

function registering(command?: string, tool?: string): (pi: FakeExtensionApi) => void {
  return (pi) => {
    if (command !== undefined) pi.registerCommand(command, { handler: () => Promise.resolve() });
    if (tool !== undefined) {
      pi.registerTool({ name: tool, label: tool, description: tool, parameters: {} as never, execute: () => Promise.resolve({ content: [], details: undefined }) });
    }
  };
}

describe('registration', () => {
  it('reports duplicate command and tool names across and within extensions, and names of Pi built-ins', async () => {
    const twice: ExtensionFactory = (pi) => {
      registering('same')(pi);
      registering('same')(pi);
    };
    const host = await hostWith({}, registering('x', 't'), registering('x', 't'), twice, registering('tree', 'read'));
    expect(host.registrationProblems).toEqual([
      'duplicate command "x"',
      'duplicate tool "t"',
      'duplicate command "same"',
      'command "tree" collides with a built-in Pi command',
      'tool "read" overrides a built-in Pi tool',
    ]);
  });

  it('renames a command registered by two extensions, so the bare name no longer runs (Pi 0.84)', async () => {
    const calls: string[] = [];
    const tagged =
      (tag: string): ExtensionFactory =>
      (pi) => {
        pi.registerCommand('x', {
          handler: () => {
            calls.push(tag);
            return Promise.resolve();
          },
        });
      };
    const host = await hostWith({}, tagged('first'), tagged('second'));
    expect([...host.commands.keys()]).toEqual(['x:1', 'x:2']);
    await expect(host.runCommand('/x')).rejects.toMatchObject({ code: 'unknown-command' });
    await host.runCommand('/x:2');
    expect(calls).toEqual(['second']);
  });

  it('rejects an append while the factory runs and registers nothing from a failed factory', async () => {
    const host = createFakePiHost();
    const appendsEarly: ExtensionFactory = (pi) => {
      registering('early')(pi);
      pi.appendEntry('early', {});
    };
    await expect(host.load(appendsEarly)).rejects.toMatchObject({ code: 'runtime-not-ready' });
    expect(host.commands.size).toBe(0);
    expect(host.session.getEntries()).toEqual([]);
  });

  it('counts the handlers of every event listened to across extensions, and lists the entry types appended', async () => {
    const host = await hostWith({}, listening(['session_start'], []), listening(['session_start'], []), noteExtension);
    await host.runCommand('/note a');
    await host.runCommand('/note');
    expect(host.eventHandlerCounts()).toEqual({ session_start: 2 });
    expect(host.entryTypes()).toEqual(['note']);
    // A bare command gets '' as its arguments; the contract checks the text after the first space.
    expect(host.session.customEntries('note').map((entry) => entry.data)).toEqual([{ text: 'a' }, { text: '' }]);
  });
});

describe('handlers', () => {
  it('run extension by extension in load order, and a throwing one is recorded without a stack while the rest run', async () => {
    const seen: string[] = [];
    const throwing: ExtensionFactory = (pi) => {
      pi.on('session_start', () => {
        throw new Error('broken');
      });
      pi.registerCommand('fail', { handler: () => Promise.reject(new Error('bad input')) });
    };
    const host = await hostWith({}, listening(['session_start'], seen, 'a '), throwing, listening(['session_start'], seen, 'b '));
    await host.startSession('reload');
    await host.runCommand('/fail now');
    expect(seen).toEqual(['a session_start:reload', 'b session_start:reload']);
    expect(host.extensionErrors).toEqual([
      { extensionPath: '<inline:2>', event: 'session_start', error: 'broken' },
      { extensionPath: 'command:fail', event: 'command', error: 'bad input' },
    ]);
  });

  it('return their results in order, and the first cancel stops a session_before_ event', async () => {
    const after = vi.fn();
    const host = await hostWith(
      {},
      (pi) => {
        pi.on('session_before_compact', () => ({ cancel: false }));
        pi.on('session_before_compact', () => ({ cancel: true }));
      },
      (pi) => {
        pi.on('session_before_compact', after);
      },
    );
    expect(await host.emit('session_before_compact', { type: 'session_before_compact' })).toEqual([{ cancel: false }, { cancel: true }]);
    expect(after).not.toHaveBeenCalled();
  });

  it('record every use of the API outside the adapters\' port, with its arguments, and perform none', async () => {
    const host = await hostWith({}, (pi) => {
      pi.on('session_start', async (_event, ctx) => {
        pi.sendUserMessage('hi');
        ctx.shutdown();
        expect(ctx.model).toBeUndefined();
        expect(await pi.exec('ls', [])).toBeUndefined();
      });
      pi.registerCommand('fresh', { handler: (_args, ctx) => ctx.newSession() as unknown as Promise<void> });
    });
    await host.startSession();
    const session = host.session;
    await host.runCommand('/fresh');
    expect(host.forbiddenCalls).toEqual([
      { method: 'pi.sendUserMessage', args: ['hi'] },
      { method: 'ctx.shutdown', args: [] },
      { method: 'ctx.model', args: [] },
      { method: 'pi.exec', args: ['ls', []] },
      { method: 'ctx.newSession', args: [] },
    ]);
    expect(host.session).toBe(session);
    expect(host.extensionErrors).toEqual([]);
  });
});

describe('UI', () => {
  it('does nothing on notify and setStatus without a UI, as Pi print mode', async () => {
    const seen: unknown[] = [];
    const host = await hostWith({ hasUI: false }, noteExtension, (pi) => {
      pi.on('session_start', (_event, ctx) => {
        seen.push(ctx.hasUI, ctx.mode);
        ctx.ui.setStatus('k', 'v');
      });
    });
    await host.startSession();
    await host.runCommand('/note quiet');
    expect(seen).toEqual([false, 'print']);
    expect([host.notifications, host.statuses.size, host.session.customEntries('note').length]).toEqual([[], 0, 1]);
  });

  it('keeps footer statuses by key until cleared with undefined or the extension runtime is replaced', async () => {
    const host = await hostWith({}, (pi) => {
      pi.registerCommand('status', {
        handler: (args, ctx) => {
          const [key = '', text] = args.split(' ');
          ctx.ui.setStatus(key, text);
          return Promise.resolve();
        },
      });
    });
    await host.runCommand('/status a busy');
    await host.runCommand('/status b busy');
    await host.runCommand('/status a');
    expect([...host.statuses]).toEqual([['b', 'busy']]);
    await host.newSession();
    expect(host.statuses.size).toBe(0);
  });
});

describe('the runtime and sessions', () => {
  it('re-runs every factory with a fresh api at a restart, after which the old api and ctx are stale', async () => {
    const apis: FakeExtensionApi[] = [];
    const contexts: { readonly sessionManager: unknown }[] = [];
    const seen: string[] = [];
    const host = await hostWith({}, noteExtension, (pi) => {
      apis.push(pi);
      pi.on('session_start', (_event, ctx) => {
        contexts.push(ctx);
        seen.push(`start ${String(ctx.sessionManager.getEntries().length)}`);
      });
    });
    await host.startSession();
    await host.runCommand('/note a');
    await host.restart();
    expect(apis).toHaveLength(2);
    expect(apis[0]).not.toBe(apis[1]);
    expect(() => {
      apis[0]?.appendEntry('note', {});
    }).toThrow(expect.objectContaining({ code: 'stale-extension' }) as Error);
    expect(() => contexts[0]?.sessionManager).toThrow(expect.objectContaining({ code: 'stale-extension' }) as Error);
    expect(seen).toEqual(['start 0', 'start 1']);
    expect([...host.commands.keys()]).toEqual(['note']);
  });

  it('refuses use after shutdown until a restart, which under unsavedUntilAssistant loses a session without a reply', async () => {
    const seen: string[] = [];
    const host = await hostWith({ unsavedUntilAssistant: true }, noteExtension, listening(['session_shutdown'], seen));
    await host.runCommand('/note a');
    await host.shutdown();
    expect(seen).toEqual(['session_shutdown:quit']);
    await expect(host.runCommand('/note b')).rejects.toMatchObject({ code: 'shut-down' });
    await host.restart();
    expect(host.session.getEntries()).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it('forks at an entry into a session holding root..entry with the same ids, and refuses "before" anything but a user message', async () => {
    const seen: string[] = [];
    const host = await hostWith({}, noteExtension, listening(['session_shutdown', 'session_start'], seen));
    for (const text of ['a', 'b', 'c']) await host.runCommand(`/note ${text}`);
    const original = host.session;
    const [a, b] = original.getEntries();
    await expect(host.fork(a?.id ?? '', { position: 'before' })).rejects.toMatchObject({ code: 'invalid-fork-target' });
    await host.fork(b?.id ?? '');
    expect(host.session.getEntries().map((entry) => [entry.id, entry.parentId])).toEqual([
      [a?.id, null],
      [b?.id, a?.id],
    ]);
    expect(original.getEntries()).toHaveLength(3);
    expect(seen).toEqual(['session_shutdown:fork', 'session_start:fork', 'session_start:fork']);
  });

  it("puts the leaf on a user message's parent on a tree move, as Pi does, and does nothing for the current leaf", async () => {
    const seen: string[] = [];
    const host = await hostWith({}, listening(['session_tree'], seen));
    const root = host.session.appendEntry('note', { text: 'root' });
    const question = host.session.appendMessage({ role: 'user', content: 'why?' });
    const answer = host.session.appendMessage({ role: 'assistant', content: [] });
    await host.navigateTree(answer);
    await host.navigateTree(question);
    expect(host.session.getLeafId()).toBe(root);
    expect(seen).toEqual(['session_tree:']);
  });
});

describe('tools', () => {
  it("runs prepareArguments and Pi's own check before execute, which gets the coerced arguments, the call id and a ctx", async () => {
    const calls: unknown[] = [];
    const host = await hostWith({}, (pi: ExtensionAPI) => {
      pi.registerTool({
        name: 'counter',
        label: 'Counter',
        description: 'counts',
        parameters: Type.Object({ count: Type.Number() }),
        prepareArguments: (args) => ({ count: (args as { legacyCount: number }).legacyCount }),
        execute: (id, params, _signal, _onUpdate, ctx) => {
          calls.push(id);
          return Promise.resolve({ content: [{ type: 'text', text: 'ok' }], details: { params, leaf: ctx.sessionManager.getLeafId() } });
        },
      });
    });
    expect(await host.executeTool('counter', { legacyCount: '4' })).toEqual({ content: [{ type: 'text', text: 'ok' }], details: { params: { count: 4 }, leaf: null }, isError: false });
    expect((await host.executeTool('counter', { legacyCount: 'four' })).isError).toBe(true);
    expect(calls).toEqual(['call_1']);
    await expect(host.executeTool('missing', {})).rejects.toMatchObject({ code: 'unknown-tool' });
  });
});

describe('keys in the terminal UI', () => {
  function keyExtension(key: string, pressed: string[], label: string): ExtensionFactory {
    return (pi) => {
      pi.registerShortcut(key as Parameters<ExtensionAPI['registerShortcut']>[0], {
        description: `${label}'s key`,
        handler: (ctx) => {
          pressed.push(`${label}:${ctx.mode}`);
          if (label === 'broken') throw new Error('boom');
        },
      });
    };
  }

  it('runs the handler of a pressed key with an extension ctx, keys compared lower-cased and the later of two registrations winning', async () => {
    const pressed: string[] = [];
    const host = await hostWith({}, keyExtension('alt+s', pressed, 'first'), keyExtension('ALT+s', pressed, 'second'));
    expect(host.shortcuts.get('alt+s')).toMatchObject({ shortcut: 'ALT+s', description: "second's key" });
    expect(host.registrationProblems).toEqual(['duplicate shortcut "alt+s"']);
    await host.pressShortcut('Alt+S');
    await host.newSession();
    await host.pressShortcut('alt+s');
    expect(pressed).toEqual(['second:tui', 'second:tui']);
  });

  it('records a throwing handler, and throws for an unregistered key and in a mode without a terminal', async () => {
    const host = await hostWith({}, keyExtension('alt+b', [], 'broken'));
    await host.pressShortcut('alt+b');
    expect(host.extensionErrors).toEqual([{ extensionPath: '<inline:1>', event: 'shortcut', error: 'boom' }]);
    await expect(host.pressShortcut('alt+s')).rejects.toMatchObject({ code: 'unknown-shortcut' });
    const client = await hostWith({ mode: 'rpc' }, keyExtension('alt+b', [], 'broken'));
    await expect(client.pressShortcut('alt+b')).rejects.toMatchObject({ code: 'no-keyboard' });
  });
});
