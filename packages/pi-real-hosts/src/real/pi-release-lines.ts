import { NODE_20_MINIMUM, NODE_22_MINIMUM, type RuntimeVersion } from './node-binary.js';

/** Where a line's CLI entry (`bin.pi`) sits inside its package; 0.85 moved it into a bundle. */
export type PiCliEntry = 'dist/cli.js' | 'dist/bundle/cli.js';

/** How a line tells extensions about compactions. */
export interface CompactionFacts {
  /** `session_compact_failed` fires when a compaction fails or is cancelled (0.84.3 and later). */
  readonly failedEvent: boolean;
  /**
   * `turn_end` / `agent_before_settle` handlers may return boundary drafts, and a `compaction` draft is
   * appended with no compaction event at all (0.87 and later).
   */
  readonly boundaryDrafts: boolean;
}

/** One Pi release line (a minor version) the real-Pi e2e knows, with what differs between lines. */
export interface PiReleaseLine {
  /** The release the line is tested with, e.g. `0.84.2`. */
  readonly version: string;
  readonly scope: '@mariozechner' | '@earendil-works';
  readonly cliEntry: PiCliEntry;
  /** The package's `engines.node` lower bound. */
  readonly minimumRuntime: RuntimeVersion;
  /**
   * Since 0.79, rpc/json/print mode skip project packages (.pi/settings.json) unless run with
   * `--approve`; older lines load them anyway and exit on `--approve` as an unknown option.
   */
  readonly projectPackagesNeedApprove: boolean;
  /** How often the same extension instance gets `session_start` after RPC `new_session` / `switch_session`. */
  readonly sessionStartsAfterReplacement: 1 | 2;
  readonly compaction: CompactionFacts;
  /** One of the three versions expensive suites run on (`describeEachPi`'s default). */
  readonly anchor: boolean;
}

/** A published line the e2e leaves out, and why. */
export interface ExcludedPiReleaseLine {
  readonly version: string;
  readonly reason: string;
}

const MARIOZECHNER_0_73: PiReleaseLine = {
  version: '0.73.1',
  scope: '@mariozechner',
  cliEntry: 'dist/cli.js',
  minimumRuntime: NODE_20_MINIMUM,
  projectPackagesNeedApprove: false,
  sessionStartsAfterReplacement: 2,
  compaction: { failedEvent: false, boundaryDrafts: false },
  anchor: true,
};

type LineFacts = Pick<
  PiReleaseLine,
  'cliEntry' | 'minimumRuntime' | 'projectPackagesNeedApprove' | 'sessionStartsAfterReplacement' | 'compaction'
>;

function earendil(version: string, facts: LineFacts, anchor = false): PiReleaseLine {
  return { version, scope: '@earendil-works', ...facts, anchor };
}

// Facts checked by starting each release offline in RPC mode (see the README's table).
const FIRST_EARENDIL: LineFacts = {
  cliEntry: 'dist/cli.js',
  minimumRuntime: NODE_20_MINIMUM,
  projectPackagesNeedApprove: false,
  sessionStartsAfterReplacement: 2,
  compaction: { failedEvent: false, boundaryDrafts: false },
};
const NODE_22: LineFacts = { ...FIRST_EARENDIL, minimumRuntime: NODE_22_MINIMUM };
const TRUST: LineFacts = { ...NODE_22, projectPackagesNeedApprove: true };
const BUNDLE: LineFacts = { ...TRUST, cliEntry: 'dist/bundle/cli.js', compaction: { failedEvent: true, boundaryDrafts: false } };
const BOUNDARY_DRAFTS: LineFacts = { ...BUNDLE, compaction: { failedEvent: true, boundaryDrafts: true } };
const ONE_SESSION_START: LineFacts = { ...BOUNDARY_DRAFTS, sessionStartsAfterReplacement: 1 };

/** The newest patch of every installable minor line from 0.73 to 1.6, oldest first. */
export const PI_RELEASE_LINES: readonly PiReleaseLine[] = Object.freeze([
  MARIOZECHNER_0_73,
  earendil('0.74.2', FIRST_EARENDIL),
  earendil('0.75.5', NODE_22),
  earendil('0.76.0', NODE_22),
  earendil('0.78.1', NODE_22),
  earendil('0.79.10', TRUST),
  earendil('0.80.10', TRUST),
  earendil('0.81.1', TRUST),
  earendil('0.82.1', TRUST),
  earendil('0.83.0', TRUST),
  // 0.84.4 is newer; 0.84.2 stays because the fake host, the smoke run and the benchmarks pin it.
  earendil('0.84.2', TRUST, true),
  earendil('0.85.1', BUNDLE),
  earendil('0.86.1', BUNDLE),
  earendil('0.87.1', BOUNDARY_DRAFTS),
  earendil('1.3.0', BOUNDARY_DRAFTS),
  earendil('1.4.0', BOUNDARY_DRAFTS),
  earendil('1.5.2', BOUNDARY_DRAFTS),
  earendil('1.6.0', ONE_SESSION_START, true),
]);

/** Published lines between 0.73 and 1.6 that are not in the list. Unpublished minors (0.77, 1.1, 1.2) are not named. */
export const EXCLUDED_PI_RELEASE_LINES: readonly ExcludedPiReleaseLine[] = Object.freeze([
  { version: '0.99.1', reason: 'does not install: it depends on @earendil-works/chord@^0.99.1, which is not published' },
  { version: '1.0.3', reason: 'does not install: it depends on @earendil-works/chord@^1.0.3, which is not published' },
]);
