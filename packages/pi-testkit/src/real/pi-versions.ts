import { fileURLToPath } from 'node:url';

/** One installed Pi release the real-Pi e2e suites run against. */
export interface PiVersion {
  /** The Pi release, e.g. `0.84.2`. */
  readonly label: string;
  /** The npm alias under pi-testkit's node_modules, e.g. `pi-coding-agent-0.84.2`. */
  readonly packageName: string;
  /** Absolute path of the release's CLI entry (the package's `bin.pi`). */
  readonly cliPath: string;
  /** The @earendil-works scope needs Node >= 22.19; the @mariozechner one runs on Node 20. */
  readonly needsNode22: boolean;
  /**
   * 0.84+ skip project packages (.pi/settings.json) in rpc/json/print mode unless run with
   * `--approve`; 0.73.1 loads them anyway and exits on `--approve` as an unknown option.
   */
  readonly projectPackagesNeedApprove: boolean;
}

// src/real and dist/real both sit two levels below the package root, so one relative URL serves both.
const testkitNodeModules = new URL('../../node_modules/', import.meta.url);

function installedVersion(label: string, cliRelativePath: string, earendilScope: boolean): PiVersion {
  const packageName = `pi-coding-agent-${label}`;
  return {
    label,
    packageName,
    cliPath: fileURLToPath(new URL(`${packageName}/${cliRelativePath}`, testkitNodeModules)),
    needsNode22: earendilScope,
    projectPackagesNeedApprove: earendilScope,
  };
}

/** The version matrix, oldest first. 1.x moved the CLI entry to `dist/bundle/cli.js`. */
export const PI_VERSIONS: readonly PiVersion[] = Object.freeze([
  installedVersion('0.73.1', 'dist/cli.js', false),
  installedVersion('0.84.2', 'dist/cli.js', true),
  installedVersion('1.6.0', 'dist/bundle/cli.js', true),
]);
