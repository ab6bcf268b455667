import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../agent-state-pi/src/format.js';
import { firstSmokeRunChangeTexts } from '../../agent-state-pi/test/expected-messages.js';
import { documentedBlock, documentedExample, documentedMessage, documentedPhrase } from '../src/readme-messages.js';
import { RECORDED_STATE, agentStateScript, contextGuardScript, withoutItemTimes } from '../src/smoke-script.js';

const README = [
  '# An adapter',
  '',
  '### list',
  '',
  '```',
  'Two items.',
  '- one',
  '```',
  '',
  'An empty list prints exactly `Nothing.` and stops.',
  '',
  '| Request | Message |',
  '| --- | --- |',
  '| `add <id> <kind>` | `Added <kind> "<id>".` (`Added goal "ship" (critical).` with `--critical`) |',
].join('\n');

describe('documented messages', () => {
  it('fill the placeholders of a Messages row, and read its example, a block and a phrase', () => {
    expect(documentedMessage(README, 'add <id> <kind>', { id: 'x', kind: 'fact' })).toBe('Added fact "x".');
    expect(documentedExample(README, 'add <id> <kind>')).toBe('Added goal "ship" (critical).');
    expect(documentedBlock(README, 'list')).toBe('Two items.\n- one');
    expect(documentedPhrase(README, 'An empty list prints exactly')).toBe('Nothing.');
  });

  it('name what is missing instead of guessing', () => {
    expect(() => documentedMessage(README, 'remove <id>')).toThrow("the README's Messages table has no row for `remove <id>`");
    expect(() => documentedMessage(README, 'add <id> <kind>', { id: 'x' })).toThrow('no value for <kind>');
    expect(() => documentedBlock(README, 'status')).toThrow('the README has no example block under "### status"');
    expect(() => documentedPhrase(README, 'A full list prints')).toThrow('the README has no `text` after "A full list prints"');
  });
});

describe("the smoke run's script, read from the adapters' READMEs", () => {
  const read = (folder: string): string => readFileSync(new URL(`../../${folder}/README.md`, import.meta.url), 'utf8');

  it("says what agent-state-pi's formatter writes", () => {
    const script = agentStateScript(read('agent-state-pi'));
    expect(script.firstSmokeRun.map((command) => withoutItemTimes(command.notice))).toEqual([...firstSmokeRunChangeTexts(), formatStatus(RECORDED_STATE)]);
    // The README's example holds times; a run compares without them (the status unit tests pin their form).
    expect(script.recordedStatus).not.toBe(withoutItemTimes(script.recordedStatus));
    expect(script.emptyStatus).toBe(formatStatus({ schemaVersion: 1, workItems: [], decisions: [] }));
  });

  it("reads Context Guard's two adds and its list example", () => {
    const script = contextGuardScript(read('agent-context-guard-pi'));
    expect(script.guardAdds.map((command) => command.notice)).toHaveLength(2);
    expect(script.guardList.split('\n')).toHaveLength(3);
  });
});
