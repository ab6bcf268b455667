import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../agent-state-pi/src/format.js';
import { documentedBlock, documentedPhrase } from '../src/readme-messages.js';
import { RECORDED_STATE, agentStateScript, contextGuardScript, withoutItemTimes } from '../src/smoke-script.js';

const README = ['# An adapter', '', '### list', '', '```', 'Two items.', '- one', '```', '', 'An empty list prints exactly `Nothing.` and stops.'].join('\n');

describe('README examples', () => {
  // What they read when it is there: the smoke script's tests below, on the adapters' own READMEs.
  it('name what is missing instead of guessing', () => {
    expect(() => documentedBlock(README, 'status')).toThrow('the README has no example block under "### status"');
    expect(() => documentedPhrase(README, 'A full list prints')).toThrow('the README has no `text` after "A full list prints"');
  });
});

describe("the smoke run's script, read from the adapters' READMEs", () => {
  const read = (folder: string): string => readFileSync(new URL(`../../${folder}/README.md`, import.meta.url), 'utf8');

  it("holds the status agent-state-pi's README shows, which the recorded state reproduces", () => {
    const script = agentStateScript(read('agent-state-pi'));
    expect(script.firstSmokeRun.at(-1)?.notice).toBe(script.recordedStatus);
    expect(withoutItemTimes(script.recordedStatus)).toBe(formatStatus(RECORDED_STATE));
    // The README's example holds times; a run compares without them (the status unit tests pin their form).
    expect(script.recordedStatus).not.toBe(withoutItemTimes(script.recordedStatus));
    expect(script.emptyStatus).toBe(formatStatus({ schemaVersion: 1, workItems: [], decisions: [] }));
  });

  it("reads Context Guard's list example", () => {
    const script = contextGuardScript(read('agent-context-guard-pi'));
    expect(script.guardAdds).toHaveLength(2);
    expect(script.guardList.split('\n')).toHaveLength(3);
  });
});
