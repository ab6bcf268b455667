import { describe, expect, it } from 'vitest';
import { expectCleanRun, leafId, readState, runAgentState, startAgentStateHost } from './agent-state-host.js';
import { unknownIdRejection } from '@j1nn0/pi-adapter-kit';
import { formatRejection } from '../src/format.js';
import { STATE_ENTRY_TYPE } from '../src/persistence.js';
import { EMPTY_SNAPSHOT } from './snapshots.js';

// Defects the model-based suite and the fuzzers found, each pinned by the smallest case that showed it.

describe('regressions found by the model-based suite (removed; the properties replace it)', () => {
  describe('an unreadable entry is warned about again when /tree returns to it after another one', () => {
    it('warns once per unreadable entry for the life of the extension instance', async () => {
      const host = await startAgentStateHost();
      host.session.appendEntry(STATE_ENTRY_TYPE, undefined);
      const firstBadEntry = leafId(host);
      await host.startSession('resume');
      host.session.appendEntry(STATE_ENTRY_TYPE, { schemaVersion: 2 });
      await host.startSession('resume');
      expect(host.takeNotifications().map((notification) => notification.type)).toEqual(['warning', 'warning']);

      await host.navigateTree(firstBadEntry);

      expect(host.takeNotifications()).toEqual([]);
      expect(await readState(host)).toEqual(EMPTY_SNAPSHOT);
      expectCleanRun(host);
    });
  });
});

describe('regressions found by fuzzing', () => {
  describe('an id with a lone surrogate is echoed in a rejection', () => {
    it('a command naming an unknown id with a lone surrogate gets the message without the id', async () => {
      const host = await startAgentStateHost();
      // The rejection for an id that breaks the id rule, which never repeats the id.
      const withoutId = unknownIdRejection('work item', '\ud800', false, { ids: [], listAll: '/agent-state status' });
      expect(await runAgentState(host, 'set \ud800 open')).toEqual([{ message: withoutId, type: 'warning' }]);
      expect(await runAgentState(host, 'remove a\udc00b')).toEqual([{ message: withoutId, type: 'warning' }]);
      expectCleanRun(host);
    });

    it('a tool call naming an unknown id with a lone surrogate gets the message without the id', async () => {
      const host = await startAgentStateHost();
      expect(await host.executeTool('agent_state_set_work_item_status', { id: '\ud800', status: 'open' })).toEqual({
        content: [{ type: 'text', text: unknownIdRejection('work item', '\ud800', false, { ids: [], listAll: 'agent_state_get' }) }],
        details: {},
        isError: true,
      });
    });

    it('adding an id with a lone surrogate breaks the id rule instead of reaching the core', async () => {
      const host = await startAgentStateHost();
      const invalidId = formatRejection({ code: 'invalid_id' }, 'person');
      expect(await runAgentState(host, 'add x\ud800 Content')).toEqual([{ message: invalidId, type: 'warning' }]);
      expect(await host.executeTool('agent_state_add_decision', { id: '\udfff', content: 'D' })).toMatchObject({
        content: [{ type: 'text', text: invalidId }],
        isError: true,
      });
    });
  });
});
