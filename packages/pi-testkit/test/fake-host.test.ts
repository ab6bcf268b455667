import { describe, expect, it, vi } from 'vitest';
import { createEventProbe } from '../src/fake-host/event-probe.js';
import type { FakeExtensionApi } from '../src/fake-host/extension-api.js';
import {
  createFakePiHost,
  type ExtensionFactory,
  type FakePiHost,
  type FakePiHostOptions,
} from '../src/fake-host/fake-host.js';

const LIFECYCLE_EVENTS = ['session_start', 'session_shutdown', 'session_tree', 'session_before_switch'];

async function hostWith(options: FakePiHostOptions, ...extensions: ExtensionFactory[]): Promise<FakePiHost> {
  const host = createFakePiHost({ cwd: '/project', ...options });
  for (const extension of extensions) await host.load(extension);
  return host;
}

type SyncExtension = (pi: FakeExtensionApi) => void;

/** An extension whose command `/note <text>` appends a `note` entry and notifies. */
const noteExtension: SyncExtension = (pi) => {
  pi.registerCommand('note', {
    description: 'append a note',
    handler: (args, ctx) => {
      pi.appendEntry('note', { text: args });
      ctx.ui.notify(`noted ${args}`, 'info');
      return Promise.resolve();
    },
    getArgumentCompletions: (prefix) => [{ value: `${prefix}!`, label: 'shout' }],
  });
};

function registersCommand(name: string): SyncExtension {
  return (pi) => {
    pi.registerCommand(name, { handler: () => Promise.resolve() });
  };
}

function registersTool(name: string): SyncExtension {
  return (pi) => {
    pi.registerTool({
      name,
      label: name,
      description: name,
      parameters: {} as never,
      execute: () => Promise.resolve({ content: [], details: undefined }),
    });
  };
}

async function appendNotes(host: FakePiHost, texts: readonly string[]): Promise<void> {
  for (const text of texts) await host.runCommand(`/note ${text}`);
}

function branchTexts(host: FakePiHost): unknown[] {
  return host.session
    .getBranch()
    .map((entry) => (entry.type === 'custom' ? (entry.data as { text: string }).text : entry.type));
}

describe('registration', () => {
  it('reports every duplicate command and tool name, across and within extensions', async () => {
    const twice: SyncExtension = (pi) => {
      registersCommand('same')(pi);
      registersCommand('same')(pi);
    };
    const host = await hostWith(
      {},
      registersCommand('x'),
      registersTool('t'),
      registersCommand('x'),
      registersTool('t'),
      twice,
    );

    expect(host.registrationProblems).toEqual([
      'duplicate command "x"',
      'duplicate tool "t"',
      'duplicate command "same"',
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

  it('reports names that collide with Pi built-ins, and keeps the first tool of a duplicate name', async () => {
    const host = await hostWith({}, registersCommand('tree'), registersTool('read'));
    expect(host.registrationProblems).toEqual([
      'command "tree" collides with a built-in Pi command',
      'tool "read" overrides a built-in Pi tool',
    ]);
  });

  it('rejects action calls while the factory runs and registers nothing from a failed factory', async () => {
    const host = createFakePiHost();
    await expect(
      host.load((pi) => {
        registersCommand('early')(pi);
        pi.appendEntry('early', {});
      }),
    ).rejects.toMatchObject({ code: 'runtime-not-ready' });
    expect(host.commands.size).toBe(0);
    expect(host.session.getEntries()).toEqual([]);
  });

  it('counts the handlers of every event listened to across extensions, and lists the entry types appended', async () => {
    const probe = createEventProbe(['session_start']);
    const host = await hostWith({}, probe.extension, probe.extension, noteExtension);
    await host.runCommand('/note a');

    expect(host.eventHandlerCounts()).toEqual({ session_start: 2 });
    expect(host.entryTypes()).toEqual(['note']);
  });
});

describe('session_start', () => {
  it('delivers the reason to every handler in load order', async () => {
    const order: string[] = [];
    const listener =
      (tag: string): ExtensionFactory =>
      (pi) => {
        pi.on('session_start', (event) => {
          order.push(`${tag}:${event.reason}`);
        });
      };
    const host = await hostWith({}, listener('a'), listener('b'));

    await host.startSession();
    await host.startSession('reload');

    expect(order).toEqual(['a:startup', 'b:startup', 'a:reload', 'b:reload']);
  });

  it('arrives twice after newSession and switchSession, as over Pi RPC, and once from startSession', async () => {
    const probe = createEventProbe(['session_start']);
    const host = await hostWith({}, probe.extension);
    await host.startSession();
    const first = host.session;

    await host.newSession();
    await host.switchSession(first);
    await host.startSession('startup', { times: 2 });

    expect(probe.named('session_start')).toEqual([
      { type: 'session_start', reason: 'startup' },
      { type: 'session_start', reason: 'new' },
      { type: 'session_start', reason: 'new' },
      { type: 'session_start', reason: 'resume' },
      { type: 'session_start', reason: 'resume' },
      { type: 'session_start', reason: 'startup' },
      { type: 'session_start', reason: 'startup' },
    ]);
  });
});

describe('commands', () => {
  it('passes the raw text after the first space as args, and an empty string when bare', async () => {
    const received: string[] = [];
    const host = await hostWith({}, (pi) => {
      pi.registerCommand('echo', {
        handler: (args) => {
          received.push(args);
          return Promise.resolve();
        },
      });
    });

    await host.runCommand('/echo  two  spaces ');
    await host.runCommand('/echo');
    await host.runCommand('echo', 'set a done');

    expect(received).toEqual([' two  spaces ', '', 'set a done']);
  });

  it('records a throwing handler as an extension error, without a stack, and goes on', async () => {
    const host = await hostWith({}, (pi) => {
      pi.registerCommand('fail', { handler: () => Promise.reject(new Error('bad input')) });
    });

    await host.runCommand('/fail now');

    expect(host.extensionErrors).toEqual([{ extensionPath: 'command:fail', event: 'command', error: 'bad input' }]);
  });

  it('throws a testkit error for an unknown command', async () => {
    const host = await hostWith({}, noteExtension);
    await expect(host.runCommand('/nope')).rejects.toMatchObject({ code: 'unknown-command' });
  });

  it('returns argument completions, and null for a command without them', async () => {
    const host = await hostWith({}, noteExtension, registersCommand('plain'));
    expect(host.getCompletions('note', 'ab')).toEqual([{ value: 'ab!', label: 'shout' }]);
    expect(host.getCompletions('plain', 'ab')).toBeNull();
  });
});

describe('UI', () => {
  it('records notifications in order, and takeNotifications empties the list', async () => {
    const host = await hostWith({}, noteExtension);
    await host.runCommand('/note one');
    await host.runCommand('/note two');

    expect(host.takeNotifications()).toEqual([
      { message: 'noted one', type: 'info' },
      { message: 'noted two', type: 'info' },
    ]);
    expect(host.notifications).toEqual([]);
  });

  it('keeps footer statuses by key, and setStatus(key, undefined) removes one', async () => {
    const host = await hostWith({}, (pi) => {
      pi.registerCommand('status', {
        handler: (args, ctx) => {
          ctx.ui.setStatus('a', args === '' ? undefined : args);
          return Promise.resolve();
        },
      });
    });
    await host.runCommand('/status busy');
    expect([...host.statuses]).toEqual([['a', 'busy']]);
    await host.runCommand('/status');
    expect(host.statuses.size).toBe(0);
  });

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
    expect(host.notifications).toEqual([]);
    expect(host.statuses.size).toBe(0);
    expect(host.session.customEntries('note')).toHaveLength(1);
  });
});

describe('tree navigation', () => {
  it('moves the leaf and emits session_tree with the new and old leaf', async () => {
    const probe = createEventProbe(LIFECYCLE_EVENTS);
    const host = await hostWith({}, noteExtension, probe.extension);
    await host.runCommand('/note a');
    await host.runCommand('/note b');
    const [a, b] = host.session.getEntries();

    await host.navigateTree(a?.id ?? '');
    await host.runCommand('/note c');

    expect(probe.named('session_tree')).toEqual([{ type: 'session_tree', newLeafId: a?.id, oldLeafId: b?.id }]);
    expect(branchTexts(host)).toEqual(['a', 'c']);
    expect(probe.named('session_start')).toEqual([]);
  });

  it('puts the leaf on the parent of a user message, as Pi does, and ignores the current leaf', async () => {
    const probe = createEventProbe(['session_tree']);
    const host = await hostWith({}, probe.extension);
    const root = host.session.appendEntry('note', { text: 'root' });
    const question = host.session.appendMessage({ role: 'user', content: 'why?' });
    const answer = host.session.appendMessage({ role: 'assistant', content: [] });

    await host.navigateTree(question);
    expect(host.session.getLeafId()).toBe(root);
    await host.navigateTree(root);

    expect(probe.named('session_tree')).toEqual([{ type: 'session_tree', newLeafId: root, oldLeafId: answer }]);
  });

  it('lets a session_before_tree handler cancel the move', async () => {
    const host = await hostWith({}, (pi) => {
      pi.on('session_before_tree', () => ({ cancel: true }));
    });
    const root = host.session.appendEntry('note', { text: 'root' });
    const leaf = host.session.appendEntry('note', { text: 'leaf' });

    expect(await host.navigateTree(root)).toEqual({ cancelled: true });
    expect(host.session.getLeafId()).toBe(leaf);
  });
});

describe('session replacement', () => {
  it('forks into a new session holding root..entry with the same ids and parent links', async () => {
    const probe = createEventProbe(LIFECYCLE_EVENTS);
    const host = await hostWith({}, noteExtension, probe.extension);
    await appendNotes(host, ['a', 'b', 'c']);
    const original = host.session;
    const [a, b] = original.getEntries();

    await host.fork(b?.id ?? '');

    expect(host.session).not.toBe(original);
    expect(host.session.getEntries().map((entry) => [entry.id, entry.parentId])).toEqual([
      [a?.id, null],
      [b?.id, a?.id],
    ]);
    expect(original.getEntries()).toHaveLength(3);
    expect(probe.named('session_shutdown')).toEqual([{ type: 'session_shutdown', reason: 'fork' }]);
    expect(probe.named('session_start')).toEqual([
      { type: 'session_start', reason: 'fork' },
      { type: 'session_start', reason: 'fork' },
    ]);
  });

  it('forks "before" a user message to keep root..its parent, and refuses other entries', async () => {
    const host = await hostWith({});
    const root = host.session.appendEntry('note', { text: 'root' });
    const question = host.session.appendMessage({ role: 'user', content: 'q' });

    await expect(host.fork(root, { position: 'before' })).rejects.toMatchObject({ code: 'invalid-fork-target' });
    await host.fork(question, { position: 'before' });
    expect(host.session.getEntries().map((entry) => entry.id)).toEqual([root]);
  });

  it('starts newSession empty after shutting the old one down, and switchSession returns to it', async () => {
    const probe = createEventProbe(LIFECYCLE_EVENTS);
    const host = await hostWith({}, noteExtension, probe.extension);
    await appendNotes(host, ['kept']);
    const first = host.session;

    await host.newSession({ times: 1 });
    expect(host.session.getEntries()).toEqual([]);
    await host.switchSession(first, { times: 1 });

    expect(host.session).toBe(first);
    expect(branchTexts(host)).toEqual(['kept']);
    expect(probe.events.map((recorded) => recorded.name)).toEqual([
      'session_before_switch',
      'session_shutdown',
      'session_start',
      'session_before_switch',
      'session_shutdown',
      'session_start',
    ]);
  });

  it('starts a session once from a command ctx, gives withSession a fresh ctx, makes the old one stale', async () => {
    const probe = createEventProbe(['session_start']);
    const seen: unknown[] = [];
    const host = await hostWith({}, probe.extension, (pi) => {
      pi.registerCommand('fresh', {
        handler: async (_args, ctx) => {
          await ctx.newSession({
            withSession: (fresh) => {
              seen.push(fresh.sessionManager.getEntries().length);
              return Promise.resolve();
            },
          });
          expect(() => ctx.sessionManager).toThrow(expect.objectContaining({ code: 'stale-extension' }) as Error);
          seen.push('stale');
        },
      });
    });
    host.session.appendEntry('note', { text: 'old' });

    await host.runCommand('/fresh');

    expect(probe.named('session_start')).toEqual([{ type: 'session_start', reason: 'new' }]);
    expect(seen).toEqual([0, 'stale']);
    expect(host.extensionErrors).toEqual([]);
  });

  it('lets a session_before_switch handler cancel newSession', async () => {
    const host = await hostWith({}, (pi) => {
      pi.on('session_before_switch', () => ({ cancel: true }));
    });
    const before = host.session;
    expect(await host.newSession()).toEqual({ cancelled: true });
    expect(host.session).toBe(before);
  });

  it('clears footer statuses when the extension runtime is replaced', async () => {
    const host = await hostWith({}, (pi) => {
      pi.registerCommand('busy', {
        handler: (_args, ctx) => {
          ctx.ui.setStatus('k', 'busy');
          return Promise.resolve();
        },
      });
    });
    await host.runCommand('/busy');
    await host.newSession();
    expect(host.statuses.size).toBe(0);
  });
});

describe('restart', () => {
  it('re-runs every factory with a fresh api, after which the old api is stale', async () => {
    const apis: FakeExtensionApi[] = [];
    const factory = vi.fn((pi: FakeExtensionApi) => {
      apis.push(pi);
      noteExtension(pi);
    });
    const probe = createEventProbe(LIFECYCLE_EVENTS);
    const host = await hostWith({}, factory, probe.extension);
    await host.startSession();

    await host.restart();

    expect(factory).toHaveBeenCalledTimes(2);
    expect(apis[0]).not.toBe(apis[1]);
    expect(() => {
      apis[0]?.appendEntry('note', {});
    }).toThrow(expect.objectContaining({ code: 'stale-extension' }) as Error);
    expect([...host.commands.keys()]).toEqual(['note']);
    expect(probe.events.map((recorded) => recorded.event)).toEqual([
      { type: 'session_start', reason: 'startup' },
      { type: 'session_shutdown', reason: 'quit' },
      { type: 'session_start', reason: 'startup' },
    ]);
  });

  it('reopens the same session from its JSON form with the leaf on the last entry', async () => {
    const host = await hostWith({}, noteExtension);
    await appendNotes(host, ['a', 'b']);
    const [a] = host.session.getEntries();
    await host.navigateTree(a?.id ?? '');

    await host.restart();

    expect(branchTexts(host)).toEqual(['a', 'b']);
  });

  it('loses a session without an assistant message under unsavedUntilAssistant, as Pi writes no file', async () => {
    const host = await hostWith({ unsavedUntilAssistant: true }, noteExtension);
    await appendNotes(host, ['a']);

    await host.restart();

    expect(host.session.getEntries()).toEqual([]);
  });

  it('refuses further use after shutdown until restart', async () => {
    const probe = createEventProbe(['session_shutdown']);
    const host = await hostWith({}, noteExtension, probe.extension);

    await host.shutdown();

    expect(probe.named('session_shutdown')).toEqual([{ type: 'session_shutdown', reason: 'quit' }]);
    await expect(host.runCommand('/note a')).rejects.toMatchObject({ code: 'shut-down' });
    await host.restart();
    await host.runCommand('/note a');
    expect(probe.named('session_shutdown')).toHaveLength(1);
  });
});

describe('forbidden calls and events', () => {
  it('records calls to APIs an adapter must not use', async () => {
    const host = await hostWith({}, (pi) => {
      pi.on('session_start', async (_event, ctx) => {
        pi.sendUserMessage('hi');
        ctx.shutdown();
        await expect(pi.exec('ls', [])).rejects.toMatchObject({ code: 'unsupported' });
      });
    });
    await host.startSession();

    expect(host.forbiddenCalls.map((call) => call.method)).toEqual(['pi.sendUserMessage', 'ctx.shutdown', 'pi.exec']);
    expect(host.forbiddenCalls[0]?.args).toEqual(['hi']);
  });

  it('returns handler results in order and stops a session_before_ event at the first cancel', async () => {
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

    const results = await host.emit('session_before_compact', { type: 'session_before_compact' });

    expect(results).toEqual([{ cancel: false }, { cancel: true }]);
    expect(after).not.toHaveBeenCalled();
  });

  it('records a throwing handler and still runs the later ones', async () => {
    const later = vi.fn();
    const host = await hostWith(
      {},
      (pi) => {
        pi.on('session_compact', () => {
          throw new Error('broken');
        });
      },
      (pi) => {
        pi.on('session_compact', later);
      },
    );

    await host.emit('session_compact', { type: 'session_compact' });

    expect(later).toHaveBeenCalledOnce();
    expect(host.extensionErrors).toEqual([{ extensionPath: '<inline:1>', event: 'session_compact', error: 'broken' }]);
  });

  it('chains context handlers on a copy of the messages', async () => {
    const host = await hostWith({}, (pi) => {
      pi.on('context', (event) => ({ messages: [...event.messages, { role: 'custom', content: 'extra' }] as never[] }));
    });
    const messages = [{ role: 'user', content: 'hi' }];

    const result = await host.emitContext(messages);

    expect(result).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'custom', content: 'extra' },
    ]);
    expect(messages).toHaveLength(1);
  });
});
