import { readFileSync, readdirSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PROTECT_TWO,
  compact,
  contextRequest,
  expectCleanRun,
  recordAll,
  requestAfterCompaction,
  runGuard,
  startGuardHost,
} from './context-guard-host.js';

const sourceDirectory = new URL('../src/', import.meta.url);
const sources = readdirSync(sourceDirectory)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => ({ name, text: readFileSync(new URL(name, sourceDirectory), 'utf8') }));

const ALLOWED_IMPORTS = /^(?:\.\/[\w-]+\.js|@j1nn0\/agent-context-guard|@sinclair\/typebox)$/u;

describe('what the adapter stays away from', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('listens to the session, tree, compaction and context events only', async () => {
    const host = await startGuardHost();
    for (const event of ['session_start', 'session_tree', 'session_before_compact', 'session_compact', 'context']) {
      expect(host.eventHandlerCount(event), event).toBe(1);
    }
    for (const event of ['before_agent_start', 'session_shutdown', 'tool_call', 'tool_result', 'input', 'before_provider_request']) {
      expect(host.eventHandlerCount(event), event).toBe(0);
    }
  });

  it('uses no forbidden API and prints nothing to the console through a whole session', async () => {
    const consoleMethods = ['log', 'info', 'warn', 'error', 'debug'] as const;
    const spies = consoleMethods.map((method) => vi.spyOn(console, method).mockImplementation(() => undefined));
    const host = await startGuardHost();
    await recordAll(host, [...PROTECT_TWO, 'recovery critical']);
    await runGuard(host, 'add ship fact dup');
    await host.executeTool('context_guard_protect', { id: 'ship', kind: 'fact', content: 'dup' });
    await compact(host);
    await contextRequest(host, requestAfterCompaction('nothing kept'));
    await host.restart();
    await host.newSession();
    expectCleanRun(host);
    for (const spy of spies) {
      expect(spy).not.toHaveBeenCalled();
    }
  });

  it('imports only the core, typebox and its own files, with Pi as types only', () => {
    const seen = new Set<string>();
    for (const { name, text } of sources) {
      for (const match of text.matchAll(/^import (?!type )[^;]*? from '([^']+)';/gmu)) {
        const specifier = match[1] ?? '';
        seen.add(specifier);
        expect(specifier, `${name} imports ${specifier}`).toMatch(ALLOWED_IMPORTS);
      }
    }
    // Guards the pattern itself: it must find the runtime imports that do exist.
    expect(seen).toContain('@j1nn0/agent-context-guard');
    expect(seen).toContain('@sinclair/typebox');
  });

  it('never imports the sister adapter', () => {
    for (const { name, text } of sources) {
      expect(text, name).not.toMatch(/agent-state/u);
    }
  });

  it('touches no console, process, timer or network global in its sources', () => {
    for (const { name, text } of sources) {
      expect(text, name).not.toMatch(/\b(?:console|process|fetch|setTimeout|setInterval|globalThis)\b/u);
    }
  });

  it('keeps no module-level mutable state', () => {
    for (const { name, text } of sources) {
      expect(text, name).not.toMatch(/^(?:export )?(?:let|var) /mu);
    }
  });

  it('keeps separate state per extension instance', async () => {
    const first = await startGuardHost();
    const second = await startGuardHost();
    await recordAll(first, ['add a fact A']);
    expect(await runGuard(second, 'list')).toEqual([{ message: 'Context Guard: 0 protected items.', type: 'info' }]);
  });
});
