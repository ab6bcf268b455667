import { fileURLToPath } from 'node:url';
import { contentText, describeOmp, expectedOmpToolExposure, ompToolExposure, useFreshPi, type PiDriver } from '@j1nn0/pi-real-hosts';
import { expect, it } from 'vitest';
import { startAgentStateHost } from '../agent-state-host.js';
import { addedText } from '../expected-messages.js';
import { EXTENSION_PATH } from './support/real-pi.js';

// What oh-my-pi offers the model for our tools (issue 21). omp mounts an extension tool as an
// `xd://<name>` device driven through its `write` tool unless the tool declares
// `loadMode: "essential"`. The first suite reads the adapter's own declarations, so it holds
// whichever way the adapter decides and fails when omp's request disagrees with them; the second
// declares every tool essential, to measure the other way.

const ESSENTIAL_PATH = fileURLToPath(new URL('fixtures/omp-essential-tools.ts', import.meta.url));

/** Each tool's declared loadMode, read from the adapter as a host loads it. */
async function declaredLoadModes(): Promise<Map<string, unknown>> {
  const host = await startAgentStateHost();
  return new Map([...host.tools.values()].map((tool) => [tool.name, (tool as { loadMode?: unknown }).loadMode]));
}

/** One turn in which the model calls agent_state_add_work_item by name: how each tool was offered, and the call's result. */
async function addByName(pi: PiDriver): Promise<{ exposure: Map<string, string>; result: string }> {
  pi.model.enqueue({ toolCalls: [{ name: 'agent_state_add_work_item', arguments: { id: 'docs', content: 'Write the docs' } }] }, { text: 'Added.' });
  await pi.prompt('Add the docs item.');
  const [first, second] = pi.model.chatRequests();
  if (first === undefined) throw new Error('no chat request');
  const names = [...(await declaredLoadModes()).keys()];
  const toolMessage = second?.messages.filter((message) => message.role === 'tool').at(-1);
  return {
    exposure: new Map(names.map((name) => [name, ompToolExposure(first, name)])),
    result: contentText(toolMessage?.content),
  };
}

describeOmp('agent-state-pi tools in the model request', (target) => {
  const pi = useFreshPi(target, [EXTENSION_PATH]);

  it('offers each tool as its declared loadMode says, and a call by name is carried out', async () => {
    const declared = await declaredLoadModes();
    const { exposure, result } = await addByName(pi());

    expect(Object.fromEntries(exposure)).toEqual(Object.fromEntries([...declared].map(([name, mode]) => [name, expectedOmpToolExposure(mode)])));
    expect(result).toBe(addedText('docs'));
  });
});

describeOmp('agent-state-pi tools declared loadMode essential', (target) => {
  const pi = useFreshPi(target, [ESSENTIAL_PATH]);

  it('offers every tool top-level, and a call by name is carried out', async () => {
    const { exposure, result } = await addByName(pi());

    expect([...exposure.values()]).toEqual(['top-level', 'top-level', 'top-level', 'top-level']);
    expect(result).toBe(addedText('docs'));
  });
});
