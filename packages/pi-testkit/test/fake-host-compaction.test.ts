import { describe, expect, it } from 'vitest';
import { DEFAULT_FAKE_SUMMARY } from '../src/fake-host/compaction.js';
import type { FakeExtensionApi } from '../src/fake-host/extension-api.js';
import { createFakePiHost, type FakePiHost } from '../src/fake-host/fake-host.js';

// The compactions Pi appends beyond its own (whose events and summary the host contract checks on the
// fake): one a handler provides, a failed or cancelled one (0.84.3+), and one a turn-boundary handler
// proposes (0.87+), which Pi appends without any compaction event.

type Recorded = [string, unknown][];

/** An extension that records the compaction events it receives and answers boundaries with `drafts`. */
function compactionWatcher(events: Recorded, drafts: () => unknown[] | undefined = () => undefined) {
  return (pi: FakeExtensionApi): void => {
    const on = (event: string, handler: (event: { entries: unknown[] }) => unknown): void => {
      (pi.on as unknown as (event: string, handler: (event: { entries: unknown[] }) => unknown) => void)(event, handler);
    };
    for (const name of ['session_before_compact', 'session_compact', 'session_compact_failed']) {
      on(name, (event) => {
        events.push([name, event]);
      });
    }
    on('turn_end', (event) => {
      const extra = drafts();
      return extra === undefined ? undefined : { entries: [...event.entries, ...extra] };
    });
  };
}

async function startWith(...extensions: ((pi: FakeExtensionApi) => void)[]): Promise<FakePiHost> {
  const host = createFakePiHost({ cwd: '/project' });
  for (const extension of extensions) await host.load(extension);
  await host.startSession();
  host.session.appendMessage({ role: 'user', content: 'hello' });
  host.session.appendMessage({ role: 'assistant', content: [{ type: 'text', text: 'hi' }] });
  return host;
}

describe('compaction in the fake host', () => {
  it('uses a compaction a session_before_compact handler provides and marks it fromHook, else the scripted or default summary', async () => {
    const provided = await startWith((pi) => {
      pi.on('session_before_compact', () => ({ compaction: { summary: 'theirs', firstKeptEntryId: 'none', tokensBefore: 1 } }));
    });
    expect((await provided.compact({ summary: 'ours' })).entry).toMatchObject({ type: 'compaction', summary: 'theirs', fromHook: true });
    const own = await startWith();
    expect((await own.compact()).entry).toMatchObject({ summary: DEFAULT_FAKE_SUMMARY, fromHook: false });
  });

  it('fires session_compact_failed and appends nothing when the summary fails, is aborted or a handler cancels', async () => {
    const events: Recorded = [];
    const host = await startWith(compactionWatcher(events));
    const before = host.session.getEntries().length;
    expect((await host.compact({ fail: 'error' })).failure).toBe('error');
    expect((await host.compact({ fail: 'abort' })).failure).toBe('abort');
    const cancelling = await startWith((pi) => {
      pi.on('session_before_compact', () => ({ cancel: true }));
    }, compactionWatcher(events));
    expect((await cancelling.compact()).failure).toBe('cancelled');

    expect(host.session.getEntries()).toHaveLength(before);
    expect(events.filter(([name]) => name === 'session_compact_failed').map(([, event]) => event)).toEqual([
      expect.objectContaining({ aborted: false, errorMessage: expect.stringMatching(/^Compaction failed: /u) as unknown }),
      expect.objectContaining({ aborted: true }),
      expect.objectContaining({ aborted: true }),
    ]);
  });

  it('appends a compaction a turn_end handler proposes, with no compaction event, and keeps nothing before it by default', async () => {
    const events: Recorded = [];
    const host = await startWith(compactionWatcher(events, () => [{ type: 'compaction', summary: 'boundary summary' }]));
    const { appended } = await host.emitBoundary('turn_end');
    expect(events).toEqual([]);
    const [entry] = appended;
    expect(appended).toHaveLength(1);
    expect(entry).toMatchObject({ type: 'compaction', summary: 'boundary summary', fromHook: true });
    expect(entry?.type === 'compaction' ? entry.firstKeptEntryId : undefined).toBe(entry?.id);
    expect(host.session.buildContextEntries()).toEqual([entry]);
  });

  it('chains the proposals of several handlers and appends them in order', async () => {
    const host = await startWith(
      compactionWatcher([], () => [{ type: 'custom', customType: 'first', data: 1 }]),
      compactionWatcher([], () => [{ type: 'custom_message', customType: 'second', content: 'note' }]),
    );
    const { appended } = await host.emitBoundary('turn_end');
    expect(appended.map((entry) => entry.type)).toEqual(['custom', 'custom_message']);
    expect(host.entryTypes()).toContain('first');
  });

  it('refuses a whole proposal Pi could not rebuild, reports it, and appends nothing', async () => {
    const host = await startWith(
      compactionWatcher([], () => [{ type: 'custom', customType: 'fine' }]),
      compactionWatcher([], () => [{ type: 'compaction', summary: 'S', firstKeptEntryId: 'not-on-branch' }]),
    );
    const before = host.session.getEntries().length;
    expect((await host.emitBoundary('turn_end')).appended).toEqual([]);
    expect(host.session.getEntries()).toHaveLength(before);
    expect(host.extensionErrors.map((error) => error.error)).toEqual([expect.stringMatching(/^Invalid boundary entries: /u) as unknown]);
  });
});
