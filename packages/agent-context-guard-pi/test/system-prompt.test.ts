import { createLiteralVerifier, type ContextItem } from '@j1nn0/agent-context-guard';
import { describe, expect, it } from 'vitest';
import { createCompactionLifecycle } from '../src/compaction.js';
import { formatCheckNotice } from '../src/format.js';
import { STATE_ENTRY_TYPE, toStatePayload } from '../src/persistence.js';
import type { NotifyType, PiContextPort, PiSessionEntryPort } from '@j1nn0/pi-adapter-kit';
import { verifiedCheck } from './expected-messages.js';
import { userMessage } from './messages.js';

const ITEMS: ContextItem[] = [{ id: 'rule', kind: 'constraint', content: 'Never push to main', critical: false }];

/** The item protected, then a compaction: what the session holds when the next request is checked. */
const BRANCH: PiSessionEntryPort[] = [
  { type: 'custom', id: 'state-1', customType: STATE_ENTRY_TYPE, data: toStatePayload({ recovery: 'off', items: ITEMS }) },
  { type: 'compaction', id: 'compaction-1' },
];

/** A ctx with or without Pi's getSystemPrompt, recording notifications. */
function contextPort(systemPrompt?: string): { ctx: PiContextPort; notices: [string, NotifyType | undefined][] } {
  const notices: [string, NotifyType | undefined][] = [];
  const ctx: PiContextPort = {
    hasUI: true,
    ui: {
      notify: (message, type) => notices.push([message, type]),
      setStatus: () => undefined,
      setWidget: () => undefined,
    },
    sessionManager: { getSessionId: () => 'session-1', getBranch: () => BRANCH, getLeafEntry: () => BRANCH.at(-1) },
    ...(systemPrompt === undefined ? {} : { getSystemPrompt: () => systemPrompt }),
  };
  return { ctx, notices };
}

async function checkAfterCompaction(systemPrompt?: string): Promise<string | undefined> {
  const lifecycle = createCompactionLifecycle({ verifier: createLiteralVerifier(), sendRecovery: () => undefined, saveCheck: () => undefined, saveRestatement: () => undefined });
  const { ctx, notices } = contextPort(systemPrompt);
  lifecycle.announce(ctx);
  await lifecycle.onContext({ messages: [userMessage('continue')] }, ctx, { recovery: 'off', items: ITEMS });
  // The first notice is the word at the compaction; the second is the check.
  return notices[1]?.[0];
}

describe('the system prompt as part of the checked context', () => {
  it('counts an item the system prompt holds as preserved', async () => {
    expect(await checkAfterCompaction('Project rules: never push to main.')).toBe(formatCheckNotice(verifiedCheck({ preserved: 1 })));
  });

  it('checks the messages alone when the host offers no system prompt', async () => {
    expect(await checkAfterCompaction()).toBe(formatCheckNotice(verifiedCheck({ lost: [{ id: 'rule', critical: false }] })));
  });
});
