import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PI_VERSIONS } from '../src/real/index.js';

interface InstalledManifest {
  readonly version: string;
  readonly bin: { readonly pi: string };
  readonly engines: { readonly node: string };
}

function manifestOf(cliPath: string): { readonly root: string; readonly manifest: InstalledManifest } {
  let root = dirname(cliPath);
  while (!existsSync(join(root, 'package.json'))) root = dirname(root);
  return { root, manifest: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as InstalledManifest };
}

describe('PI_VERSIONS', () => {
  it('lists 0.73.1, 0.84.2 and 1.6.0, oldest first', () => {
    expect(PI_VERSIONS.map((version) => version.label)).toEqual(['0.73.1', '0.84.2', '1.6.0']);
  });

  it.each(PI_VERSIONS.map((version) => [version.label, version] as const))('points %s at the installed bin.pi', (label, version) => {
    const { root, manifest } = manifestOf(version.cliPath);
    expect(manifest.version).toBe(label);
    expect(resolve(root, manifest.bin.pi)).toBe(version.cliPath);
  });

  it.each(PI_VERSIONS.map((version) => [version.label, version] as const))('derives the Node 22 need of %s from its engines', (_label, version) => {
    const { manifest } = manifestOf(version.cliPath);
    expect(version.needsNode22).toBe(manifest.engines.node.includes('22'));
  });
});
