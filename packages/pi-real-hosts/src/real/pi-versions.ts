import { fileURLToPath } from 'node:url';
import { PI_HOST, PI_RELEASE_LINES, lineFacts, type HostLine, type PiReleaseLine, type RuntimeVersion } from '@j1nn0/pi-testkit/host-facts';

/** One installed Pi release (or a Pi fork's, see `host`) the real-host e2e suites run against, with its facts. */
export interface PiVersion extends HostLine {
  /** The Pi release, e.g. `0.84.2`. */
  readonly label: string;
  /** `@mariozechner` (0.73) or `@earendil-works` (0.74+); `pi install npm:` differs between them. `@oh-my-pi` for omp. */
  readonly scope: PiReleaseLine['scope'] | '@oh-my-pi';
  /** The npm alias under pi-real-hosts' node_modules, e.g. `pi-coding-agent-0.84.2`. */
  readonly packageName: string;
  /** Absolute path of the release's CLI entry (the package's `bin.pi`). */
  readonly cliPath: string;
  /** The lowest Node it starts on (its `engines.node`); for a Bun host, the lowest Bun. */
  readonly minimumRuntime: RuntimeVersion;
}

// src/real and dist/real both sit two levels below the package root, so one relative URL serves both.
const packageNodeModules = new URL('../../node_modules/', import.meta.url);

/** The installed alias `pi-coding-agent-<version>` of a release line. */
function installedVersion(line: PiReleaseLine): PiVersion {
  const packageName = `pi-coding-agent-${line.version}`;
  return {
    ...lineFacts(line),
    label: line.version,
    scope: line.scope,
    packageName,
    cliPath: fileURLToPath(new URL(`${packageName}/${line.cliEntry}`, packageNodeModules)),
    minimumRuntime: line.minimumRuntime,
    host: PI_HOST,
  };
}

/** Every release line of PI_RELEASE_LINES, installed, oldest first. */
export const PI_VERSIONS: readonly PiVersion[] = Object.freeze(PI_RELEASE_LINES.map(installedVersion));

/** The three anchors (0.73.1, 0.84.2, 1.6.0), oldest first: the matrix of suites that do not ask for all lines. */
export const PI_ANCHORS: readonly PiVersion[] = Object.freeze(
  PI_RELEASE_LINES.filter((line) => line.anchor).map(installedVersion),
);
