import { unknownFieldRejection } from '@j1nn0/pi-adapter-kit';
import { describe, expect, it } from 'vitest';
import { formatListWithCheck, formatRejection } from '../src/format.js';
import { AUTHORITY_BOUNDARY, PROTECT_TOOL_NAME } from '../src/tools.js';
import { expectCleanRun, readGuard, readList, recordAll, resultText, savedPayloads, startGuardHost } from './context-guard-host.js';
import { guardState, protectedText } from './expected-messages.js';

const SHIP = { id: 'ship', kind: 'goal', content: 'Add CSV export' };
const CRITICAL_BY_PERSON_ONLY = formatRejection({ code: 'critical_by_model' }, 'model');
const EMPTY_LIST = formatListWithCheck(guardState([]), undefined);
/** The fields the protect tool takes, and `critical`, which it answers itself (the kit words the refusal of any other). */
const PROTECT_FIELDS = ['id', 'kind', 'content'];

describe('tools', () => {
  it('registers exactly two tools, each with the authority boundary', async () => {
    const host = await startGuardHost();
    expect([...host.tools.keys()]).toEqual(['context_guard_list', 'context_guard_protect']);
    for (const tool of host.tools.values()) {
      expect(tool.description).toContain(AUTHORITY_BOUNDARY);
    }
  });

  it('context_guard_list returns the items and the last check', async () => {
    const host = await startGuardHost();
    expect(await host.executeTool('context_guard_list', {})).toEqual({
      content: [{ type: 'text', text: EMPTY_LIST }],
      details: { items: 0, critical: 0 },
      isError: false,
    });
    await recordAll(host, ['add ship goal --critical Add CSV export']);
    expect(await readList(host)).toBe(formatListWithCheck(guardState([['ship', 'goal', 'Add CSV export', true]]), undefined));
  });

  it('context_guard_protect records a declared item, never critical, and saves it once', async () => {
    const host = await startGuardHost();
    expect(await host.executeTool('context_guard_protect', SHIP)).toEqual({
      content: [{ type: 'text', text: protectedText('ship', 'goal') }],
      details: { items: 1, critical: 0 },
      isError: false,
    });
    const plain = await host.executeTool('context_guard_protect', { id: 'f', kind: 'fact', content: 'F', critical: false });
    expect(resultText(plain.content)).toBe(protectedText('f', 'fact'));
    expect(savedPayloads(host)).toEqual([
      { schemaVersion: 1, recovery: 'off', items: [{ ...SHIP, critical: false }] },
      { schemaVersion: 1, recovery: 'off', items: [{ ...SHIP, critical: false }, { id: 'f', kind: 'fact', content: 'F', critical: false }] },
    ]);
    expectCleanRun(host);
  });

  it('has no critical parameter: only a person makes an item critical', async () => {
    const host = await startGuardHost();
    const parameters = host.tools.get('context_guard_protect')?.parameters as { properties: Record<string, unknown> };
    expect(Object.keys(parameters.properties)).toEqual(PROTECT_FIELDS);
    await recordAll(host, ['add ship goal Add CSV export', 'critical ship on']);
    expect(await readGuard(host)).toEqual(guardState([['ship', 'goal', 'Add CSV export', true]]));
  });

  it.each<[unknown]>([[true], ['yes'], [1]])('refuses critical: %j from the model with a short message and saves nothing', async (critical) => {
    const host = await startGuardHost();
    const result = await host.executeTool('context_guard_protect', { ...SHIP, critical });
    expect(result).toEqual({ content: [{ type: 'text', text: CRITICAL_BY_PERSON_ONLY }], details: {}, isError: true });
    expect(savedPayloads(host)).toEqual([]);
    expect(await readGuard(host)).toEqual(guardState([]));
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a taken id', { ...SHIP, content: 'again' }, formatRejection({ code: 'duplicate_item', id: 'ship' }, 'model')],
    ['an id with a space', { ...SHIP, id: 'has space' }, formatRejection({ code: 'invalid_id' }, 'model')],
    ['blank content', { ...SHIP, id: 'b', content: ' \n' }, formatRejection({ code: 'invalid_content' }, 'model')],
    ['501 characters', { ...SHIP, id: 'c', content: 'x'.repeat(501) }, formatRejection({ code: 'invalid_content' }, 'model')],
    // Pi passes a field the schema does not name: refused, so the model does not believe it was kept.
    [
      'a field it does not take',
      { ...SHIP, id: 'd', priority: 'high' },
      unknownFieldRejection(PROTECT_TOOL_NAME, { priority: 'high' }, [...PROTECT_FIELDS, 'critical'], PROTECT_FIELDS) ?? '',
    ],
  ])('rejects %s as an error result with a short message that changes nothing', async (_name, args, message) => {
    const host = await startGuardHost();
    await host.executeTool('context_guard_protect', SHIP);
    const before = host.session.getEntries().length;
    const stateBefore = await readGuard(host);
    expect(await host.executeTool('context_guard_protect', args)).toEqual({
      content: [{ type: 'text', text: message }],
      details: {},
      isError: true,
    });
    expect(host.session.getEntries()).toHaveLength(before);
    expect(await readGuard(host)).toEqual(stateBefore);
  });

  it('rejects the 101st item as an error result', async () => {
    const host = await startGuardHost();
    for (let index = 0; index < 100; index += 1) {
      await host.executeTool('context_guard_protect', { id: `i${index}`, kind: 'fact', content: 'F' });
    }
    const result = await host.executeTool('context_guard_protect', { id: 'i100', kind: 'fact', content: 'F' });
    expect(result).toMatchObject({ isError: true, content: [{ text: formatRejection({ code: 'item_limit' }, 'model') }] });
    expect(savedPayloads(host)).toHaveLength(100);
  });

  it.each<[Record<string, unknown>]>([
    [{ id: 'a', kind: 'Goal', content: 'A' }],
    [{ id: 'a', kind: 'note', content: 'A' }],
    [{ id: 'a', content: 'A' }],
    [{ id: 'a', kind: 'goal' }],
  ])('the host rejects %j against the schema before execute', async (args) => {
    const host = await startGuardHost();
    const result = await host.executeTool('context_guard_protect', args);
    expect(result.isError).toBe(true);
    expect(resultText(result.content)).toMatch(/^Validation failed/u);
    expect(savedPayloads(host)).toEqual([]);
  });

  it('never puts a stack trace in an error result', async () => {
    const host = await startGuardHost();
    await host.executeTool('context_guard_protect', SHIP);
    const result = await host.executeTool('context_guard_protect', SHIP);
    expect(resultText(result.content)).not.toMatch(/\n\s+at |Error:/u);
  });
});
