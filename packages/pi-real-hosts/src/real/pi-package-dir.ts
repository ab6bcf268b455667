import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PI_HOST, PI_RELEASE_LINES, lineFacts, type PiReleaseLine, type RuntimeVersion } from '@j1nn0/pi-testkit/host-facts';
import { parseNodeVersion } from './node-binary.js';
import type { PiVersion } from './pi-versions.js';

interface PiManifest {
  readonly name?: unknown;
  readonly version?: unknown;
  readonly bin?: unknown;
  readonly engines?: { readonly node?: unknown };
}

/** `>=22.19.0` (the only form Pi's engines use) as a Node version; undefined for any other range. */
export function parseEnginesMinimum(range: string): RuntimeVersion | undefined {
  const match = /^>=\s*(\d+\.\d+\.\d+)$/.exec(range.trim());
  return match?.[1] === undefined ? undefined : parseNodeVersion(match[1]);
}

function minorOf(version: string): string {
  return version.split('.').slice(0, 2).join('.');
}

/** The listed line a release belongs to; a release of a newer, unlisted line behaves like the newest listed one until a run shows otherwise. */
export function lineFactsFor(version: string): PiReleaseLine {
  const sameLine = PI_RELEASE_LINES.find((line) => minorOf(line.version) === minorOf(version));
  const newest = PI_RELEASE_LINES.at(-1);
  if (newest === undefined) throw new Error('PI_RELEASE_LINES is empty');
  return sameLine ?? newest;
}

/** A Pi package installed anywhere (e.g. `.cache/pi-latest/...`): CLI and Node from its package.json, behaviour from its line. */
export function versionFromPackageDir(packageDir: string): PiVersion {
  const manifestPath = join(packageDir, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as PiManifest;
  const bin = typeof manifest.bin === 'string' ? manifest.bin : (manifest.bin as { pi?: unknown } | undefined)?.pi;
  const engines = manifest.engines?.node;
  const minimumRuntime = typeof engines === 'string' ? parseEnginesMinimum(engines) : undefined;
  if (typeof manifest.version !== 'string' || typeof manifest.name !== 'string' || typeof bin !== 'string' || minimumRuntime === undefined) {
    throw new Error(`${manifestPath} is not a Pi package with a version, bin.pi and engines.node ">=x.y.z"`);
  }
  const line = lineFactsFor(manifest.version);
  return {
    // What a fault leaves was checked on the listed releases only, not claimed for another one of the line.
    ...lineFacts(line, { faults: line.version === manifest.version }),
    scope: line.scope,
    label: manifest.version,
    packageName: manifest.name,
    cliPath: resolve(packageDir, bin),
    minimumRuntime,
    host: PI_HOST,
  };
}
