import type { FakePiHost } from '@j1nn0/pi-testkit';
import { outputSchemaProblems } from '@j1nn0/pi-testkit/adapter-suites';
import type { PiContextPort } from '@j1nn0/pi-adapter-kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatListWithCheck } from '../src/format.js';
import { EMPTY_GUARD_STATE } from '../src/guard-state.js';
import { readStatePayload } from '../src/persistence.js';
import { CONTEXT_GUARD_OUTPUT_SCHEMA, toContextGuardOutput } from '../src/structured-output.js';
import type { ContextGuardTool } from '../src/tools.js';
import { readList, resultText, startGuardHost } from './context-guard-host.js';
import { validPayload } from './payload-arbitraries.js';
import { SAVED_GUARD_PAYLOAD as SAVED, SAVED_GUARD_STATE, hostWithSavedPayload } from './saved-guard.js';

// What a program (a codemode script on Pi 0.99+) receives from context_guard_list, and the fields
// that tell Pi how to run and judge each tool. The fake host mirrors Pi 0.84.2, whose results carry
// no `structuredContent`, so these tests call the registered tool's execute as Pi 1.6 does.

function toolOf(host: FakePiHost, name: string): ContextGuardTool {
  const tool = host.tools.get(name);
  if (tool === undefined) throw new Error(`no tool ${name}`);
  return tool as unknown as ContextGuardTool;
}

/** A context on the host's current session, without a UI (as a codemode call in print mode would have). */
function contextOf(host: FakePiHost): PiContextPort {
  const ignore = (): undefined => undefined;
  return { hasUI: false, ui: { notify: ignore, setStatus: ignore, setWidget: ignore }, sessionManager: host.session };
}

function listGuard(host: FakePiHost): ReturnType<ContextGuardTool['execute']> {
  return toolOf(host, 'context_guard_list').execute('call-1', {}, undefined, undefined, contextOf(host));
}

async function startedWithSaved(payload: unknown): Promise<FakePiHost> {
  const host = await hostWithSavedPayload(payload);
  await host.startSession();
  return host;
}

describe('structured output', () => {
  it('context_guard_list returns the items and the recovery mode as an object beside the unchanged text', async () => {
    const host = await startedWithSaved(SAVED);
    const text = await readList(host);

    const result = await listGuard(host);

    expect(resultText(result.content)).toBe(text);
    expect(text).toBe(formatListWithCheck(SAVED_GUARD_STATE, undefined));
    expect(result.structuredContent).toEqual({ items: SAVED.items, recovery: 'critical' });
    expect(outputSchemaProblems(CONTEXT_GUARD_OUTPUT_SCHEMA, result.structuredContent)).toEqual([]);
  });

  it('an empty guard is an empty list with recovery off', async () => {
    const host = await startGuardHost();
    const result = await listGuard(host);
    expect(result.structuredContent).toEqual({ items: [], recovery: 'off' });
    expect(outputSchemaProblems(CONTEXT_GUARD_OUTPUT_SCHEMA, result.structuredContent)).toEqual([]);
  });

  it('gives ids and content exactly as recorded, not escaped for a terminal', () => {
    const item = { id: 'a', kind: 'fact', content: 'Tab\there, bell \u0007, RTL \u202e', critical: false } as const;
    expect(toContextGuardOutput({ recovery: 'off', items: [item] }).items[0]).toEqual(item);
  });

  it('gives a copy: changing it changes nothing the adapter holds', () => {
    const item = { id: 'a', kind: 'fact', content: 'A', critical: false } as const;
    const state = { recovery: 'off', items: [item] } as const;
    const output = toContextGuardOutput(state);
    expect(output.items).not.toBe(state.items);
    expect(output.items[0]).not.toBe(item);
  });

  it('matches its schema and holds exactly the restored state for any saved payload', async () => {
    await fc.assert(
      fc.asyncProperty(validPayload, async (payload) => {
        const host = await startedWithSaved(payload);
        // The session stores the JSON round trip of what was appended; a payload the adapter refuses starts empty.
        const read = readStatePayload(JSON.parse(JSON.stringify(payload)));
        const state = read.ok ? read.value : EMPTY_GUARD_STATE;

        const { structuredContent } = await listGuard(host);

        expect(structuredContent).toEqual({ items: state.items, recovery: state.recovery });
        expect(outputSchemaProblems(CONTEXT_GUARD_OUTPUT_SCHEMA, structuredContent)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('the schema rejects what a script must never be handed', () => {
    expect(outputSchemaProblems(CONTEXT_GUARD_OUTPUT_SCHEMA, { items: [] })).not.toEqual([]);
    expect(
      outputSchemaProblems(CONTEXT_GUARD_OUTPUT_SCHEMA, { items: [{ id: 'a', kind: 'Goal', content: 'A', critical: false }], recovery: 'off' }),
    ).not.toEqual([]);
  });
});

describe('tool fields for Pi', () => {
  it('context_guard_list declares its output schema and that it only reads', async () => {
    const host = await startGuardHost();
    const list = toolOf(host, 'context_guard_list');
    expect(list.outputSchema).toBe(CONTEXT_GUARD_OUTPUT_SCHEMA);
    expect(list.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(list.executionMode).toBeUndefined();
  });

  it('context_guard_protect runs one at a time, only adds, and has no structured output', async () => {
    const host = await startGuardHost();
    const protect = toolOf(host, 'context_guard_protect');
    expect(protect.executionMode).toBe('sequential');
    expect(protect.outputSchema).toBeUndefined();
    expect(protect.annotations).toEqual({ destructiveHint: false, openWorldHint: false });
  });
});

describe('tool fields for oh-my-pi', () => {
  /** Fields Pi's types do not name, read as the host reads them: own properties of the definition. */
  const ompFields = (tool: object): unknown => {
    const fields = tool as { loadMode?: unknown; concurrency?: unknown };
    return { loadMode: fields.loadMode, concurrency: fields.concurrency };
  };

  it('offers both tools as tools of their own, and runs a protection alone', async () => {
    const host = await startGuardHost();
    expect(ompFields(toolOf(host, 'context_guard_list'))).toEqual({ loadMode: 'essential', concurrency: undefined });
    expect(ompFields(toolOf(host, 'context_guard_protect'))).toEqual({ loadMode: 'essential', concurrency: 'exclusive' });
  });
});
