import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PI_HOST } from '@j1nn0/pi-testkit/host-facts';
import { piMatrix, piVersionsFor, planPiSuite, selectPiVersions, type PiMatrixEntry } from '../src/real/pi-matrix.js';
import { lineFactsFor, versionFromPackageDir } from '../src/real/pi-package-dir.js';
import { PI_RELEASE_LINES, lineFacts } from '@j1nn0/pi-testkit/host-facts';
import { PI_VERSIONS, PI_ANCHORS, type PiVersion } from '../src/real/pi-versions.js';

const [, newScope] = PI_ANCHORS as readonly [PiVersion, PiVersion, PiVersion];
const runnable: PiMatrixEntry = { version: newScope, runtimePath: '/opt/node22', skipReason: null };
const withoutNode: PiMatrixEntry = { version: newScope, runtimePath: null, skipReason: 'Pi 0.84.2 needs Node >= 22.19.0' };

describe('planPiSuite', () => {
  it('runs a version that has its Node, in CI or not', () => {
    expect(planPiSuite(runnable, {})).toBe('run');
    expect(planPiSuite(runnable, { CI: 'true' })).toBe('run');
  });

  it('skips a version without its Node outside CI', () => {
    expect(planPiSuite(withoutNode, {})).toBe('skip');
    expect(planPiSuite(withoutNode, { CI: '' })).toBe('skip');
    expect(planPiSuite(withoutNode, { CI: 'false' })).toBe('skip');
    expect(planPiSuite(withoutNode, { CI: '0' })).toBe('skip');
  });

  it('fails a version without its Node under CI, which must run the whole matrix', () => {
    expect(planPiSuite(withoutNode, { CI: 'true' })).toBe('fail');
    expect(planPiSuite(withoutNode, { CI: '1' })).toBe('fail');
  });
});

describe('selectPiVersions', () => {
  it('keeps the whole matrix when no labels are given', () => {
    expect(selectPiVersions(PI_ANCHORS, undefined)).toEqual([...PI_ANCHORS]);
  });

  it('keeps the named versions in matrix order', () => {
    expect(selectPiVersions(PI_ANCHORS, ['1.6.0', '0.73.1']).map((version) => version.label)).toEqual(['0.73.1', '1.6.0']);
  });

  it('refuses a label that is not in the matrix', () => {
    expect(() => selectPiVersions(PI_ANCHORS, ['0.73.1', '9.9.9'])).toThrow('Pi versions not in the matrix: 9.9.9');
  });
});

describe('piVersionsFor', () => {
  it('gives the three anchors by default and every release line for `all`', () => {
    expect(piVersionsFor('anchors', {})).toBe(PI_ANCHORS);
    expect(piVersionsFor('all', {})).toBe(PI_VERSIONS);
    expect(piMatrix({}).map((entry) => entry.version.label)).toEqual(['0.73.1', '0.84.2', '1.6.0']);
  });

  it('narrows either selection to the listed versions PI_E2E_ONLY names', () => {
    const only = { PI_E2E_ONLY: '0.80.10, 1.6.0' };
    expect(piVersionsFor('anchors', only).map((version) => version.label)).toEqual(['0.80.10', '1.6.0']);
    expect(piVersionsFor('all', only).map((version) => version.label)).toEqual(['0.80.10', '1.6.0']);
  });

  it('leaves out the releases before `since`, also those PI_E2E_ONLY names', () => {
    const labels = (env: NodeJS.ProcessEnv, lines: 'anchors' | 'all'): string[] =>
      piMatrix(env, lines, undefined, '1.5.0').map((entry) => entry.version.label);
    expect(labels({}, 'anchors')).toEqual(['1.6.0']);
    expect(labels({}, 'all')).toEqual(['1.5.2', '1.6.0']);
    expect(labels({ PI_E2E_ONLY: '0.73.1,0.84.2' }, 'anchors')).toEqual([]);
    expect(labels({ PI_E2E_ONLY: '0.73.1,1.6.0' }, 'anchors')).toEqual(['1.6.0']);
    expect(() => piMatrix({}, 'anchors', undefined, 'soon')).toThrow('since: soon is not a Pi release (x.y.z)');
  });

  it('refuses a PI_E2E_ONLY version that is not listed, naming the listed ones', () => {
    expect(() => piVersionsFor('all', { PI_E2E_ONLY: '0.99.1' })).toThrow(/PI_E2E_ONLY names 0\.99\.1, which is not a listed Pi release line \(0\.73\.1, 0\.74\.2, /);
  });

  it('runs only the package PI_E2E_ONLY points at, whatever the selection', () => {
    const anchor = PI_ANCHORS[2];
    const packageDir = anchor?.cliPath.replace(/\/dist\/bundle\/cli\.js$/, '') ?? '';

    const [version, ...rest] = piVersionsFor('anchors', { PI_E2E_ONLY: packageDir });

    expect(rest).toEqual([]);
    expect(version).toEqual({ ...anchor, packageName: '@earendil-works/pi-coding-agent' });
  });
});

describe('versionFromPackageDir', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function packageWith(manifest: Readonly<Record<string, unknown>>): string {
    const dir = mkdtempSync(join(tmpdir(), 'pi-package-'));
    made.push(dir);
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
    return dir;
  }

  it('gives a release of a newer, unlisted line the behaviour of the newest listed line', () => {
    const dir = packageWith({ name: '@earendil-works/pi-coding-agent', version: '2.1.0', bin: { pi: 'dist/next/cli.js' }, engines: { node: '>=24.0.0' } });
    const newest = PI_RELEASE_LINES.at(-1);
    if (newest === undefined) throw new Error('no listed line');
    expect(versionFromPackageDir(dir)).toEqual({
      ...lineFacts(newest, { faults: false }),
      label: '2.1.0',
      scope: '@earendil-works',
      packageName: '@earendil-works/pi-coding-agent',
      cliPath: join(dir, 'dist/next/cli.js'),
      minimumRuntime: [24, 0, 0],
      host: PI_HOST,
    });
  });

  it('gives a release of a listed line that line’s behaviour', () => {
    expect(lineFactsFor('0.74.0').version).toBe('0.74.2');
    expect(lineFactsFor('0.84.4').version).toBe('0.84.2');
  });

  it('refuses a folder whose package.json lacks the CLI or a readable Node minimum', () => {
    const dir = packageWith({ name: 'x', version: '1.0.0', bin: { pi: 'cli.js' }, engines: { node: '^22' } });
    expect(() => versionFromPackageDir(dir)).toThrow(/is not a Pi package with a version, bin\.pi and engines\.node/);
  });
});

