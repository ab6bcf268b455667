import { fileURLToPath } from 'node:url';
import {
  customEntries,
  describeEachPi,
  expectPlainToolDeclarations,
  overlappingToolCalls,
  useSharedPi,
} from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import { STATE_ENTRY_TYPE } from '../../src/persistence.js';

// The tool fields newer Pi lines read (outputSchema, annotations from 0.99; executionMode on all),
// on every anchor: the tools register and work, Pi prints no warning, and the provider receives
// nothing but name, description and parameters.

const EXTENSION_PATH = fileURLToPath(new URL('../../dist/extension.js', import.meta.url));

const TOOL_NAMES = ['context_guard_list', 'context_guard_protect'];

describeEachPi('agent-context-guard-pi tool fields in the real Pi', (target) => {
  const pi = useSharedPi(target, [EXTENSION_PATH]);

  it('offers the two tools with only name, description and parameters, and prints no warning', async () => {
    await expectPlainToolDeclarations(pi(), TOOL_NAMES);
  });

  it('context_guard_list answers the model with the list text, as before', async () => {
    await pi().prompt('/context-guard add csv goal Ship the CSV export');
    pi().model.enqueue({ toolCalls: [{ name: 'context_guard_list', arguments: {} }] }, { text: 'Read it.' });

    await pi().prompt('List them.');

    const result = pi().model.chatRequests().at(-1)?.messages.at(-1);
    expect(result?.role).toBe('tool');
    expect(result?.content).toMatch(/^Context Guard: 1 protected item\b.*\n- \[goal\] csv: Ship the CSV export\n/u);
  });

  it('runs the protections of one message one at a time, in call order', async () => {
    pi().model.enqueue(
      {
        toolCalls: [
          { name: 'context_guard_protect', arguments: { id: 'csv', kind: 'goal', content: 'Ship the CSV export' } },
          { name: 'context_guard_protect', arguments: { id: 'url', kind: 'constraint', content: 'Keep the report URL' } },
        ],
      },
      { text: 'Done.' },
    );

    const { events } = await pi().prompt('Protect them.');

    // Without `executionMode: "sequential"` Pi starts both before the first ends.
    expect(events.filter((event) => event.type === 'tool_execution_start')).toHaveLength(2);
    expect(overlappingToolCalls(events)).toEqual([]);
    const saved = customEntries(await pi().readSessionFile(), STATE_ENTRY_TYPE);
    expect(saved.map((entry) => (entry['data'] as { items: { id: string }[] }).items.map((item) => item.id))).toEqual([
      ['csv'],
      ['csv', 'url'],
    ]);
  });
});
