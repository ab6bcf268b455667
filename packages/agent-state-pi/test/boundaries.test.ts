import { readFileSync, readdirSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_SMOKE_RUN,
  expectCleanRun,
  recordAll,
  runAgentState,
  startAgentStateHost,
} from './agent-state-host.js';

const sourceDirectory = new URL('../src/', import.meta.url);
const sources = readdirSync(sourceDirectory)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => ({ name, text: readFileSync(new URL(name, sourceDirectory), 'utf8') }));

const ALLOWED_IMPORTS = /^(?:\.\/[\w-]+\.js|@j1nn0\/agent-state|@sinclair\/typebox)$/u;

describe('what the adapter stays away from', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('listens only to session_start and session_tree: no context handler, no other hooks', async () => {
    const host = await startAgentStateHost();
    expect(host.eventHandlerCount('session_start')).toBe(1);
    expect(host.eventHandlerCount('session_tree')).toBe(1);
    for (const event of ['context', 'before_agent_start', 'session_shutdown', 'tool_call', 'tool_result', 'input']) {
      expect(host.eventHandlerCount(event), event).toBe(0);
    }
  });

  it('uses no forbidden API and prints nothing to the console through a whole session', async () => {
    const consoleMethods = ['log', 'info', 'warn', 'error', 'debug'] as const;
    const spies = consoleMethods.map((method) => vi.spyOn(console, method).mockImplementation(() => undefined));
    const host = await startAgentStateHost();
    await recordAll(host, FIRST_SMOKE_RUN);
    await runAgentState(host, 'set parse Done');
    await host.executeTool('agent_state_add_work_item', { id: 'parse', content: 'dup' });
    await host.executeTool('agent_state_get', {});
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
    expect(seen).toContain('@j1nn0/agent-state');
    expect(seen).toContain('@sinclair/typebox');
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
});
