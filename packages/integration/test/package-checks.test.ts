import { describe, expect, it } from 'vitest';
import { danglingMapSources, hostPackagesIn, shipsLicense } from '../src/package-checks.js';

describe('hostPackagesIn', () => {
  it('names every Pi host package among the dependencies', () => {
    const dependencies = {
      '@j1nn0/agent-state': '0.1.0',
      '@sinclair/typebox': '^0.34.0',
      typebox: '1.3.7',
      '@mariozechner/pi-tui': '*',
      '@earendil-works/pi-coding-agent': '1.6.0',
    };
    expect(hostPackagesIn(dependencies)).toEqual(['@sinclair/typebox', 'typebox', '@mariozechner/pi-tui', '@earendil-works/pi-coding-agent']);
  });

  it('passes our own packages, look-alike names and a missing dependencies object', () => {
    expect(hostPackagesIn({ '@j1nn0/agent-state': '0.1.0', 'typebox-extra': '1.0.0' })).toEqual([]);
    expect(hostPackagesIn(undefined)).toEqual([]);
  });
});

describe('shipsLicense', () => {
  it('finds a root license file and ignores one in a subfolder', () => {
    expect(shipsLicense(['package.json', 'LICENSE'])).toBe(true);
    expect(shipsLicense(['LICENSE.md'])).toBe(true);
    expect(shipsLicense(['package.json', 'dist/LICENSE'])).toBe(false);
  });
});

describe('danglingMapSources', () => {
  const files = ['package.json', 'dist/index.js', 'dist/index.js.map', 'src/index.ts'];

  it('passes a map whose sources are in the package', () => {
    expect(danglingMapSources('dist/index.js.map', '{"version":3,"sources":["../src/index.ts"]}', files)).toEqual([]);
  });

  it('reports a source outside the package, as tsc writes it for an unpublished src/', () => {
    const map = '{"version":3,"sourceRoot":"","sources":["../src/extension.ts"]}';
    expect(danglingMapSources('dist/extension.d.ts.map', map, files)).toEqual([
      { map: 'dist/extension.d.ts.map', source: '../src/extension.ts' },
    ]);
  });

  it('applies the sourceRoot and reports URLs, which no tarball can contain', () => {
    expect(danglingMapSources('dist/index.js.map', '{"sourceRoot":"../src","sources":["index.ts"]}', files)).toEqual([]);
    expect(danglingMapSources('dist/index.js.map', '{"sources":["webpack://x/index.ts"]}', files)).toEqual([
      { map: 'dist/index.js.map', source: 'webpack://x/index.ts' },
    ]);
  });
});
