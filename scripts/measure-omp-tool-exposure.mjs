// Measures what oh-my-pi's first chat request carries for Agent State's tools, as the adapter is
// built and with every tool declared `loadMode: "essential"`: tool names, bytes of the `tools`
// array and of the system prompt, the xd:// devices named, and whether a call by name runs.
// Usage (after pnpm build): node scripts/measure-omp-tool-exposure.mjs
import { fileURLToPath } from 'node:url';
import {
  OMP_VERSION,
  contentText,
  disposeAll,
  findBunBinary,
  ompToolExposure,
  requestSizes,
  startPi,
} from '../packages/pi-real-hosts/dist/real/index.js';

const OURS = ['agent_state_get', 'agent_state_add_work_item', 'agent_state_set_work_item_status', 'agent_state_add_decision'];
const WAYS = {
  'as built': fileURLToPath(new URL('../packages/agent-state-pi/dist/extension.js', import.meta.url)),
  'loadMode essential': fileURLToPath(new URL('../packages/agent-state-pi/test/e2e/fixtures/omp-essential-tools.ts', import.meta.url)),
};

const bun = findBunBinary();
if (bun.bunPath === null) throw new Error(bun.skipReason);
try {
  for (const [way, extension] of Object.entries(WAYS)) {
    const pi = await startPi({ version: OMP_VERSION, runtimePath: bun.bunPath, extensions: [extension] });
    pi.model.enqueue({ toolCalls: [{ name: 'agent_state_add_work_item', arguments: { id: 'docs', content: 'Write the docs' } }] }, { text: 'Added.' });
    await pi.prompt('Add the docs item.');
    const [first, second] = pi.model.chatRequests();
    const result = contentText(second?.messages.filter((message) => message.role === 'tool').at(-1)?.content);
    console.log(
      JSON.stringify({
        way,
        tools: first.toolNames,
        ...requestSizes(first),
        ours: Object.fromEntries(OURS.map((name) => [name, ompToolExposure(first, name)])),
        devices: [...new Set(first.systemPrompt.match(/xd:\/\/[a-z_]+/gu) ?? [])],
        callByName: result,
      }),
    );
    await pi.dispose();
  }
} finally {
  await disposeAll();
}
