import { unknownFieldRejection } from '@j1nn0/pi-adapter-kit';
import { describe, expect, it } from 'vitest';
import { formatRejection } from '../src/format.js';
import { PROTECT_TOOL_NAME } from '../src/tools.js';
import { readGuard, savedPayloads, startGuardHost } from './context-guard-host.js';
import { guardState } from './expected-messages.js';

// What context_guard_protect refuses beyond the rules (session-properties.test.ts holds every call the rules
// decide): criticality, which only a person sets, and a field it does not take.

const SHIP = { id: 'ship', kind: 'goal', content: 'Add CSV export' };
const CRITICAL_BY_PERSON_ONLY = formatRejection({ code: 'critical_by_model' }, 'model');
/** The fields the protect tool takes, and `critical`, which it answers itself (the kit words the refusal of any other). */
const PROTECT_FIELDS = ['id', 'kind', 'content'];

describe('context_guard_protect', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['critical: true', { ...SHIP, critical: true }, CRITICAL_BY_PERSON_ONLY],
    ['critical: "yes"', { ...SHIP, critical: 'yes' }, CRITICAL_BY_PERSON_ONLY],
    ['critical: 1', { ...SHIP, critical: 1 }, CRITICAL_BY_PERSON_ONLY],
    // Pi passes a field the schema does not name: refused, so the model does not believe it was kept.
    [
      'a field it does not take',
      { ...SHIP, priority: 'high' },
      unknownFieldRejection(PROTECT_TOOL_NAME, { priority: 'high' }, [...PROTECT_FIELDS, 'critical'], PROTECT_FIELDS) ?? '',
    ],
  ])('refuses %s from the model with a short message and saves nothing', async (_name, args, message) => {
    const host = await startGuardHost();
    expect(await host.executeTool(PROTECT_TOOL_NAME, args)).toEqual({ content: [{ type: 'text', text: message }], details: {}, isError: true });
    expect(savedPayloads(host)).toEqual([]);
    expect(await readGuard(host)).toEqual(guardState([]));
  });
});
