import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnginesMinimum } from '../src/real/pi-package-dir.js';
import { EXCLUDED_PI_RELEASE_LINES, PI_RELEASE_LINES } from '@j1nn0/pi-testkit/host-facts';
import { PI_VERSIONS, PI_ANCHORS } from '../src/real/pi-versions.js';

interface InstalledManifest {
  readonly name: string;
  readonly version: string;
  readonly bin: { readonly pi: string };
  readonly engines: { readonly node: string };
}

function manifestOf(cliPath: string): { readonly root: string; readonly manifest: InstalledManifest } {
  let root = dirname(cliPath);
  while (!existsSync(join(root, 'package.json'))) root = dirname(root);
  return { root, manifest: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as InstalledManifest };
}

function minorOf(version: string): string {
  return version.split('.').slice(0, 2).join('.');
}

const packageManifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  readonly dependencies: Readonly<Record<string, string>>;
};

describe('PI_ANCHORS', () => {
  it('lists the anchors 0.73.1, 0.84.2 and 1.6.0, oldest first', () => {
    expect(PI_ANCHORS.map((version) => version.label)).toEqual(['0.73.1', '0.84.2', '1.6.0']);
  });
});

describe('PI_VERSIONS', () => {
  it('has one version per minor line, oldest first, none of them excluded', () => {
    const minors = PI_VERSIONS.map((version) => minorOf(version.label));
    expect(new Set(minors).size).toBe(minors.length);
    const sorted = [...PI_RELEASE_LINES].sort((a, b) => a.version.localeCompare(b.version, 'en', { numeric: true }));
    expect(PI_RELEASE_LINES).toEqual(sorted);
    const excludedMinors = EXCLUDED_PI_RELEASE_LINES.map((line) => minorOf(line.version));
    expect(minors.filter((minor) => excludedMinors.includes(minor))).toEqual([]);
  });

  it('installs every line as an exact npm alias of its scope in pi-real-hosts', () => {
    const aliases = PI_RELEASE_LINES.map((line) => [`pi-coding-agent-${line.version}`, `npm:${line.scope}/pi-coding-agent@${line.version}`]);
    const declared = Object.entries(packageManifest.dependencies).filter(([name]) => name.startsWith('pi-coding-agent-'));
    expect(declared.sort()).toEqual(aliases.sort());
  });

  it.each(PI_VERSIONS.map((version) => [version.label, version] as const))('points %s at the installed bin.pi', (label, version) => {
    const { root, manifest } = manifestOf(version.cliPath);
    expect(manifest.version).toBe(label);
    expect(resolve(root, manifest.bin.pi)).toBe(version.cliPath);
  });

  it.each(PI_VERSIONS.map((version) => [version.label, version] as const))('takes the Node minimum of %s from its engines', (_label, version) => {
    const { manifest } = manifestOf(version.cliPath);
    expect(version.minimumRuntime).toEqual(parseEnginesMinimum(manifest.engines.node));
  });

  // Read from the installed code, where both paths live: the names are Pi's own.
  it.each(PI_VERSIONS.map((version) => [version.label, version] as const))('states what %s does around compactions as its code does', (_label, version) => {
    const { root } = manifestOf(version.cliPath);
    const session = readFileSync(join(root, 'dist/core/agent-session.js'), 'utf8');
    expect(version.compaction).toEqual({
      failedEvent: session.includes('"session_compact_failed"'),
      boundaryDrafts: session.includes('_applyBoundaryDrafts('),
    });
  });
});

describe('parseEnginesMinimum', () => {
  it('reads the `>=x.y.z` ranges Pi declares', () => {
    expect(parseEnginesMinimum('>=22.19.0')).toEqual([22, 19, 0]);
    expect(parseEnginesMinimum('>= 20.6.0')).toEqual([20, 6, 0]);
  });

  it('rejects other ranges rather than guess', () => {
    expect(parseEnginesMinimum('^22.19.0')).toBeUndefined();
    expect(parseEnginesMinimum('>=22')).toBeUndefined();
  });
});
