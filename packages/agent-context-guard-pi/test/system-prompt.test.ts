import { createLiteralVerifier, type ContextItem } from '@j1nn0/agent-context-guard';
import { describe, expect, it } from 'vitest';
import type { CompactionCheck } from '../src/check-entry.js';
import { createCompactionLifecycle } from '../src/compaction.js';
import { STATE_ENTRY_TYPE, toStatePayload } from '../src/persistence.js';
import type { PiContextPort, PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import { verifiedCheck } from './expected-messages.js';
import { userMessage } from './messages.js';

const ITEMS: ContextItem[] = [{ id: 'rule', kind: 'constraint', content: 'Never push to main', critical: false }];

/** The item protected, then a compaction: what the session holds when the next request is checked. */
const BRANCH: PiSessionEntryPort[] = [
  { type: 'custom', id: 'state-1', customType: STATE_ENTRY_TYPE, data: toStatePayload({ recovery: 'off', items: ITEMS }) },
  { type: 'compaction', id: 'compaction-1' },
];

/** A ctx with or without Pi's getSystemPrompt. */
function contextPort(systemPrompt?: string): PiContextPort {
  return {
    hasUI: true,
    ui: { notify: () => undefined, setStatus: () => undefined, setWidget: () => undefined },
    sessionManager: { getSessionId: () => 'session-1', getBranch: () => BRANCH, getLeafEntry: () => BRANCH.at(-1) },
    ...(systemPrompt === undefined ? {} : { getSystemPrompt: () => systemPrompt }),
  };
}

/** The checks the lifecycle saves at the first request after the compaction. */
async function checkAfterCompaction(systemPrompt?: string): Promise<CompactionCheck[]> {
  const saved: CompactionCheck[] = [];
  const lifecycle = createCompactionLifecycle({
    verifier: createLiteralVerifier(),
    saveCheck: (check) => saved.push(check),
    saveRestatement: () => undefined,
  });
  const ctx = contextPort(systemPrompt);
  lifecycle.announce(ctx);
  await lifecycle.onContext({ messages: [userMessage('continue')] }, ctx, { recovery: 'off', items: ITEMS });
  return saved;
}

describe('the system prompt as part of the checked context', () => {
  it('counts an item the system prompt holds as preserved', async () => {
    expect(await checkAfterCompaction('Project rules: never push to main.')).toEqual([verifiedCheck({ compactionId: 'compaction-1', preserved: 1 })]);
  });

  it('checks the messages alone when the host offers no system prompt', async () => {
    expect(await checkAfterCompaction()).toEqual([verifiedCheck({ compactionId: 'compaction-1', lost: [{ id: 'rule', critical: false }] })]);
  });
});
