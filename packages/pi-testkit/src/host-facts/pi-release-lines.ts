// Pi's release lines and what differs between them, as data: each was checked by running the line
// offline (the host contract runs on every one and fails where a fact here is wrong). Tests and the
// real-host harness read a line's facts from here and nowhere else.

/** A runtime version as three numbers: Node's, e.g. `[22, 19, 0]`, or Bun's for oh-my-pi. */
export type RuntimeVersion = readonly [major: number, minor: number, patch: number];

/** The two `engines.node` lower bounds Pi releases declare: @mariozechner and 0.74, and 0.75 on. */
export const NODE_20_MINIMUM: RuntimeVersion = [20, 6, 0];
export const NODE_22_MINIMUM: RuntimeVersion = [22, 19, 0];

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

/**
 * What the host's validator tells the model about a tool call its schema refuses, before the tool runs:
 * the words that name each problem (the whole result starts `Validation failed for tool "<name>"` or
 * `Invalid arguments for tool "<name>"`, and lists the arguments it received).
 */
export interface ValidatorWords {
  /** A value outside an `enum` (the probe's `status`, one of `open`, `done`). */
  readonly notInEnum: string;
  /** A required property left out (the probe's `id`). */
  readonly missingId: string;
  /** Arguments sent as a JSON string instead of an object. */
  readonly argumentsNotObject: string;
}

/** AJV-style words, up to 1.4. */
const AJV_WORDS: ValidatorWords = {
  notInEnum: 'must be equal to one of the allowed values',
  missingId: 'must have required properties id',
  argumentsNotObject: 'root: must be object',
};
/** 1.3 and 1.4 refuse string arguments before validating them. */
const OBJECT_CHECK_WORDS: ValidatorWords = { ...AJV_WORDS, argumentsNotObject: 'Tool arguments must be a JSON object' };
/** 1.5 on: TypeBox's own words. */
const TYPEBOX_WORDS: ValidatorWords = {
  notInEnum: 'expected one of ["open","done"]',
  missingId: 'id: missing',
  argumentsNotObject: 'Tool arguments must be a JSON object',
};

/** What a fault leaves in the session file, as the faults suite found it (checked on the anchors only). */
export interface FaultFacts {
  /** After a torn last line, the next entry is written onto that line, so both are skipped on load. */
  readonly appendsOntoTornLine: boolean;
  /** After `appendEntry` threw on a full disk, the unwritten entry stays the leaf, so later entries hang off it. */
  readonly keepsUnwrittenEntry: boolean;
}

/** What an extension meets on a host that differs between its versions. */
export interface LineFacts {
  /**
   * Since 0.79, rpc/json/print mode skip project packages (.pi/settings.json) unless run with
   * `--approve`; older lines load them anyway and exit on `--approve` as an unknown option.
   */
  readonly projectPackagesNeedApprove: boolean;
  /**
   * How often the extension instance of the new runtime gets `session_start` after RPC `new_session`,
   * `switch_session` and `fork` (0: the host keeps the instance and says `session_switch`).
   */
  readonly sessionStartsAfterReplacement: 0 | 1 | 2;
  readonly compaction: CompactionFacts;
  /** `ctx.mode` exists (0.78 on). */
  readonly contextMode: boolean;
  /** `pi.registerEntryRenderer` exists (0.80 on): a custom entry can draw a line in the chat. */
  readonly entryRenderer: boolean;
  readonly validator: ValidatorWords;
  /**
   * Where a message sent with `deliverAs: "nextTurn"` is stored: right after the person's next prompt
   * (every Pi line), or right before it (oh-my-pi). Either way it is then part of every later request.
   */
  readonly nextTurnMessage: 'after-next-prompt' | 'before-next-prompt';
  readonly faults?: FaultFacts;
}

/** One Pi release line (a minor version) the real-Pi e2e knows, with what differs between lines. */
export interface PiReleaseLine extends LineFacts {
  /** The release the line is tested with, e.g. `0.84.2`. */
  readonly version: string;
  readonly scope: '@mariozechner' | '@earendil-works';
  readonly cliEntry: PiCliEntry;
  /** The package's `engines.node` lower bound. */
  readonly minimumRuntime: RuntimeVersion;
  /** One of the three versions expensive suites run on (`describeEachPi`'s default). */
  readonly anchor: boolean;
}

/** A published line the e2e leaves out, and why. */
export interface ExcludedPiReleaseLine {
  readonly version: string;
  readonly reason: string;
}

type Facts = Omit<PiReleaseLine, 'version' | 'scope' | 'anchor' | 'faults'>;

const OLD_FAULTS: FaultFacts = { appendsOntoTornLine: true, keepsUnwrittenEntry: true };

// Each line's facts are the line before it, with what changed.
const FIRST: Facts = {
  cliEntry: 'dist/cli.js',
  minimumRuntime: NODE_20_MINIMUM,
  projectPackagesNeedApprove: false,
  sessionStartsAfterReplacement: 2,
  compaction: { failedEvent: false, boundaryDrafts: false },
  contextMode: false,
  entryRenderer: false,
  validator: AJV_WORDS,
  nextTurnMessage: 'after-next-prompt',
};
const NODE_22: Facts = { ...FIRST, minimumRuntime: NODE_22_MINIMUM };
const MODE: Facts = { ...NODE_22, contextMode: true };
const TRUST: Facts = { ...MODE, projectPackagesNeedApprove: true };
const ENTRY_RENDERER: Facts = { ...TRUST, entryRenderer: true };
const BUNDLE: Facts = { ...ENTRY_RENDERER, cliEntry: 'dist/bundle/cli.js', compaction: { failedEvent: true, boundaryDrafts: false } };
const BOUNDARY_DRAFTS: Facts = { ...BUNDLE, compaction: { failedEvent: true, boundaryDrafts: true } };
const OBJECT_CHECK: Facts = { ...BOUNDARY_DRAFTS, validator: OBJECT_CHECK_WORDS };
const TYPEBOX: Facts = { ...OBJECT_CHECK, validator: TYPEBOX_WORDS };
const ONE_SESSION_START: Facts = { ...TYPEBOX, sessionStartsAfterReplacement: 1 };

function line(version: string, facts: Facts, anchor?: { readonly faults: FaultFacts }): PiReleaseLine {
  const scope = version === '0.73.1' ? '@mariozechner' : '@earendil-works';
  return { version, scope, ...facts, anchor: anchor !== undefined, ...(anchor === undefined ? {} : { faults: anchor.faults }) };
}

/** The newest patch of every installable minor line from 0.73 to 1.6, oldest first. */
export const PI_RELEASE_LINES: readonly PiReleaseLine[] = Object.freeze([
  line('0.73.1', FIRST, { faults: OLD_FAULTS }),
  line('0.74.2', FIRST),
  line('0.75.5', NODE_22),
  line('0.76.0', NODE_22),
  line('0.78.1', MODE),
  line('0.79.10', TRUST),
  line('0.80.10', ENTRY_RENDERER),
  line('0.81.1', ENTRY_RENDERER),
  line('0.82.1', ENTRY_RENDERER),
  line('0.83.0', ENTRY_RENDERER),
  // 0.84.4 is newer; 0.84.2 stays because the fake host, the smoke run and the benchmarks pin it.
  line('0.84.2', ENTRY_RENDERER, { faults: OLD_FAULTS }),
  line('0.85.1', BUNDLE),
  line('0.86.1', BUNDLE),
  line('0.87.1', BOUNDARY_DRAFTS),
  line('1.3.0', OBJECT_CHECK),
  line('1.4.0', OBJECT_CHECK),
  line('1.5.2', TYPEBOX),
  line('1.6.0', ONE_SESSION_START, { faults: { appendsOntoTornLine: false, keepsUnwrittenEntry: false } }),
]);

/** Published lines between 0.73 and 1.6 that are not in the list. Unpublished minors (0.77, 1.1, 1.2) are not named. */
export const EXCLUDED_PI_RELEASE_LINES: readonly ExcludedPiReleaseLine[] = Object.freeze([
  { version: '0.99.1', reason: 'does not install: it depends on @earendil-works/chord@^0.99.1, which is not published' },
  { version: '1.0.3', reason: 'does not install: it depends on @earendil-works/chord@^1.0.3, which is not published' },
]);

/**
 * What an extension meets on `line`: its facts without how it is installed. `faults: false` leaves out
 * what a fault leaves in a file, checked on the listed release only, for another host of the line's kind.
 */
export function lineFacts(line: PiReleaseLine, { faults: withFaults = true } = {}): LineFacts {
  const { projectPackagesNeedApprove, sessionStartsAfterReplacement, compaction, contextMode, entryRenderer, validator, nextTurnMessage, faults } = line;
  const facts = { projectPackagesNeedApprove, sessionStartsAfterReplacement, compaction, contextMode, entryRenderer, validator, nextTurnMessage };
  return faults === undefined || !withFaults ? facts : { ...facts, faults };
}

/** The facts of one listed line. */
export function releaseLine(version: string): PiReleaseLine {
  const found = PI_RELEASE_LINES.find((candidate) => candidate.version === version);
  if (found === undefined) throw new Error(`${version} is not a listed Pi release line`);
  return found;
}
