import { toolResultText } from '@j1nn0/pi-testkit';
import { outputSchemaProblems } from '@j1nn0/pi-testkit/adapter-suites';
import { describe, expect, it } from 'vitest';
import { formatListWithCheck } from '../src/format.js';
import { CONTEXT_GUARD_OUTPUT_SCHEMA, toContextGuardOutput } from '../src/structured-output.js';
import { listResult, readList } from './context-guard-host.js';
import { SAVED_GUARD_PAYLOAD as SAVED, SAVED_GUARD_STATE, hostWithSavedPayload } from './saved-guard.js';

// What a program (a codemode script on Pi 0.99+) receives from context_guard_list. The fake host mirrors Pi 0.84.2, whose results carry
// no `structuredContent`, so these tests call the registered tool's execute as Pi 1.6 does. For any
// saved payload, it is the restored state as its schema says (properties.test.ts).

describe('structured output', () => {
  it('context_guard_list returns the items and the recovery mode as an object beside the unchanged text', async () => {
    const host = await hostWithSavedPayload(SAVED);
    await host.startSession();
    const text = await readList(host);

    const result = await listResult(host);

    expect(toolResultText(result.content)).toBe(text);
    expect(text).toBe(formatListWithCheck(SAVED_GUARD_STATE, undefined));
    expect(result.structuredContent).toEqual({ items: SAVED.items, recovery: 'critical' });
    expect(outputSchemaProblems(CONTEXT_GUARD_OUTPUT_SCHEMA, result.structuredContent)).toEqual([]);
  });

  it('gives a copy: changing it changes nothing the adapter holds', () => {
    const item = { id: 'a', kind: 'fact', content: 'A', critical: false } as const;
    const state = { recovery: 'off', items: [item] } as const;
    const output = toContextGuardOutput(state);
    expect(output.items).not.toBe(state.items);
    expect(output.items[0]).not.toBe(item);
  });

  it('the schema rejects what a script must never be handed', () => {
    expect(outputSchemaProblems(CONTEXT_GUARD_OUTPUT_SCHEMA, { items: [] })).not.toEqual([]);
    expect(
      outputSchemaProblems(CONTEXT_GUARD_OUTPUT_SCHEMA, { items: [{ id: 'a', kind: 'Goal', content: 'A', critical: false }], recovery: 'off' }),
    ).not.toEqual([]);
  });
});
