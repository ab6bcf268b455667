import { WORK_ITEM_STATUSES } from '@j1nn0/agent-state';
import { addInputFuzzTests } from '@j1nn0/pi-testkit/adapter-suites';
import { hostileStringArbitrary } from '@j1nn0/test-checks';
import fc from 'fast-check';
import { STATE_ENTRY_TYPE, toStatePayload } from '../src/persistence.js';
import { createAgentStateTools } from '../src/tools.js';
import { FOOTER_STATUS_KEY } from '../src/ui/footer.js';
import { readState, startAgentStateHost } from './agent-state-host.js';
import { snapshotOf } from './snapshots.js';

/** Ids `a` and `b` exist, so set, remove and duplicate paths are reached as well as unknown ids. */
const SEEDED_STATE = snapshotOf({
  objective: 'Goal',
  workItems: [
    { id: 'a', content: 'A', status: 'open' },
    { id: 'b', content: 'B', status: 'done' },
  ],
  decisions: [{ id: 'a', content: 'Decided' }],
});

const hostileString = hostileStringArbitrary();
const knownOrHostileId = fc.oneof(fc.constantFrom('a', 'b', 'missing'), hostileString);
const anyStatus = fc.oneof(fc.constantFrom(...WORK_ITEM_STATUSES), hostileString);

addInputFuzzTests({
  command: 'agent-state',
  listings: ['status'],
  footerKey: FOOTER_STATUS_KEY,
  startSeededHost: async () => {
    const host = await startAgentStateHost();
    host.session.appendEntry(STATE_ENTRY_TYPE, toStatePayload(SEEDED_STATE, 'person'));
    await host.startSession('resume');
    return host;
  },
  readState,
  commandArguments: fc.oneof(
    hostileString,
    fc
      .tuple(fc.constantFrom('status', 'objective', 'add', 'set', 'remove', 'decide', 'clear', 'Status'), hostileString)
      .map(([subcommand, rest]) => `${subcommand} ${rest}`),
    fc.tuple(fc.constantFrom('add', 'decide', 'set', 'remove'), knownOrHostileId, hostileString).map(([subcommand, id, rest]) => `${subcommand} ${id} ${rest}`),
    fc.tuple(knownOrHostileId, anyStatus).map(([id, status]) => `set ${id} ${status}`),
  ),
  toolCalls: fc.oneof(
    fc
      .record({ id: knownOrHostileId, content: hostileString, status: anyStatus }, { requiredKeys: ['id', 'content'] })
      .map((args) => ['agent_state_add_work_item', args] as const),
    fc.record({ id: knownOrHostileId, status: anyStatus }).map((args) => ['agent_state_set_work_item_status', args] as const),
    fc.record({ id: knownOrHostileId, content: hostileString }).map((args) => ['agent_state_add_decision', args] as const),
  ),
  // Only `status` has a schema narrower than "a string".
  passesSchema: (args) => WORK_ITEM_STATUSES.some((status) => status === args['status']),
  megabyteCommands: ['objective', 'add x', 'add', 'decide x', 'set', 'remove'].map((prefix) => [prefix, prefix === 'add' || prefix === 'set' ? ' done' : ''] as const),
  // Every tool that changes the state, each field in turn.
  megabyteTools: createAgentStateTools(undefined as never)
    .filter((tool) => tool.name !== 'agent_state_get')
    .map((tool) => [tool.name, { id: 'fresh', content: 'Fresh', status: 'open' }] as const),
});
