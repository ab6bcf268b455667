import { CONTEXT_ITEM_KINDS } from '@j1nn0/agent-context-guard';
import { addInputFuzzTests } from '@j1nn0/pi-testkit/adapter-suites';
import fc from 'fast-check';
import { isContextItemKind, type GuardState } from '../src/guard-state.js';
import { STATE_ENTRY_TYPE, toStatePayload } from '../src/persistence.js';
import { PROTECT_TOOL_NAME } from '../src/tools.js';
import { FOOTER_STATUS_KEY } from '../src/ui/footer.js';
import { readGuard, startGuardHost } from './context-guard-host.js';
import { hostileString } from './hostile-text.js';

/** Ids `a` and `b` exist, so remove and duplicate paths are reached as well as unknown ids. */
const SEEDED_STATE: GuardState = {
  recovery: 'off',
  items: [
    { id: 'a', kind: 'goal', content: 'A', critical: true },
    { id: 'b', kind: 'fact', content: 'B', critical: false },
  ],
};

/** Pi turns the strings "true" and "false" into booleans, so those pass its validator too. */
const SURELY_VALID_CRITICAL: readonly unknown[] = [true, false, undefined, 'true', 'false'];

const knownOrHostileId = fc.oneof(fc.constantFrom('a', 'b', 'missing'), hostileString);
const anyKind = fc.oneof(fc.constantFrom(...CONTEXT_ITEM_KINDS), hostileString);

addInputFuzzTests({
  command: 'context-guard',
  listings: ['list', 'status'],
  footerKey: FOOTER_STATUS_KEY,
  startSeededHost: async () => {
    const host = await startGuardHost();
    host.session.appendEntry(STATE_ENTRY_TYPE, toStatePayload(SEEDED_STATE));
    await host.startSession('resume');
    return host;
  },
  readState: readGuard,
  commandArguments: fc.oneof(
    hostileString,
    fc.tuple(fc.constantFrom('add', 'list', 'remove', 'clear', 'status', 'recovery', 'Add'), hostileString).map(([subcommand, rest]) => `${subcommand} ${rest}`),
    fc
      .tuple(knownOrHostileId, anyKind, fc.constantFrom('', '--critical '), hostileString)
      .map(([id, kind, flag, content]) => `add ${id} ${kind} ${flag}${content}`),
    knownOrHostileId.map((id) => `remove ${id}`),
    fc.oneof(fc.constantFrom('off', 'critical'), hostileString).map((mode) => `recovery ${mode}`),
  ),
  toolCalls: fc
    .record({ id: knownOrHostileId, kind: anyKind, content: hostileString, critical: fc.oneof(fc.boolean(), hostileString) }, { requiredKeys: ['id', 'kind', 'content'] })
    .map((args) => [PROTECT_TOOL_NAME, args] as const),
  // Only `kind` and `critical` have a schema narrower than "a string".
  passesSchema: (args) => isContextItemKind(args['kind']) && SURELY_VALID_CRITICAL.includes(args['critical']),
  megabyteCommands: ['add x goal', 'add x goal --critical', 'add', 'add x', 'remove', 'recovery', 'clear'].map(
    (prefix) => [prefix, prefix === 'add' || prefix === 'add x' ? ' fact' : ''] as const,
  ),
  megabyteTools: [[PROTECT_TOOL_NAME, { id: 'fresh', kind: 'fact', content: 'Fresh', critical: false }]],
});
