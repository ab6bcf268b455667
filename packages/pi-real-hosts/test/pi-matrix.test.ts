import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { EXCLUDED_PI_RELEASE_LINES, PI_HOST, PI_RELEASE_LINES, lineFacts } from '@j1nn0/pi-testkit/host-facts';
import { afterEach, describe, expect, it } from 'vitest';
import { ENABLE_NODE22_HINT, chooseNodeBinary, isAtLeast, parseNodeVersion, type NodeCandidates, type NodeChoice } from '../src/real/node-binary.js';
import { piMatrix, piVersionsFor, planPiSuite, selectPiVersions, type PiMatrixEntry } from '../src/real/pi-matrix.js';
import { lineFactsFor, parseEnginesMinimum, versionFromPackageDir } from '../src/real/pi-package-dir.js';
import { PI_ANCHORS, PI_VERSIONS, type PiVersion } from '../src/real/pi-versions.js';

// Which Pi releases a suite runs on, each with the Node that runs it: the installed lines and what they
// declare, the Node binary chosen for each, and the selection by anchors, labels, `since` and PI_E2E_ONLY.

const [oldScope, newScope, newest] = PI_ANCHORS as readonly [PiVersion, PiVersion, PiVersion];
const minorOf = (version: string): string => version.split('.').slice(0, 2).join('.');

describe('the installed release lines', () => {
  it('are one a minor line, oldest first, none of them excluded, each installed as an exact npm alias; the anchors are 0.73.1, 0.84.2 and 1.6.0', () => {
    const minors = PI_VERSIONS.map((version) => minorOf(version.label));
    expect(new Set(minors).size).toBe(minors.length);
    expect(PI_RELEASE_LINES).toEqual([...PI_RELEASE_LINES].sort((a, b) => a.version.localeCompare(b.version, 'en', { numeric: true })));
    expect(minors.filter((minor) => EXCLUDED_PI_RELEASE_LINES.some((line) => minorOf(line.version) === minor))).toEqual([]);
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
    const declared = Object.entries(manifest.dependencies).filter(([name]) => name.startsWith('pi-coding-agent-'));
    expect(declared.sort()).toEqual(PI_RELEASE_LINES.map((line) => [`pi-coding-agent-${line.version}`, `npm:${line.scope}/pi-coding-agent@${line.version}`]).sort());
    expect(PI_ANCHORS.map((version) => version.label)).toEqual(['0.73.1', '0.84.2', '1.6.0']);
  });

  // Read from the installed package and code, where both compaction paths live: the names are Pi's own.
  it.each(PI_VERSIONS.map((version) => [version.label, version] as const))('%s: its CLI is bin.pi, its Node minimum its engines, its compaction facts its code', (label, version) => {
    let root = dirname(version.cliPath);
    while (!existsSync(join(root, 'package.json'))) root = dirname(root);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string; bin: { pi: string }; engines: { node: string } };
    expect(manifest.version).toBe(label);
    expect(resolve(root, manifest.bin.pi)).toBe(version.cliPath);
    expect(version.minimumRuntime).toEqual(parseEnginesMinimum(manifest.engines.node));
    const session = readFileSync(join(root, 'dist/core/agent-session.js'), 'utf8');
    expect(version.compaction).toEqual({ failedEvent: session.includes('"session_compact_failed"'), boundaryDrafts: session.includes('_applyBoundaryDrafts(') });
  });

  it('reads the `>=x.y.z` ranges Pi declares, and no other range rather than guess', () => {
    expect([parseEnginesMinimum('>=22.19.0'), parseEnginesMinimum('>= 20.6.0')]).toEqual([[22, 19, 0], [20, 6, 0]]);
    expect([parseEnginesMinimum('^22.19.0'), parseEnginesMinimum('>=22')]).toEqual([undefined, undefined]);
  });
});

describe('the Node binary of a release', () => {
  it('reads `node --version` output and bare versions, nothing else, and compares them', () => {
    expect(['v22.23.3\n', '20.20.2', 'v22', 'node 22.1.0', ''].map(parseNodeVersion)).toEqual([[22, 23, 3], [20, 20, 2], undefined, undefined, undefined]);
    const versions = [[22, 19, 0], [22, 23, 3], [23, 0, 0], [22, 18, 9], [20, 20, 2]] as const;
    expect(versions.map((version) => isAtLeast(version, [22, 19, 0]))).toEqual([true, true, true, false, false]);
  });

  const machine: NodeCandidates = { currentPath: '/usr/bin/node', currentVersion: [20, 20, 2], overridePath: undefined, probeVersion: () => undefined };
  const needs = `Pi ${newScope.label} needs Node >= 22.19.0`;
  it.each<[string, PiVersion, Partial<NodeCandidates>, NodeChoice]>([
    ['the old scope on the current Node 20', oldScope, {}, { runtimePath: '/usr/bin/node', skipReason: null }],
    ['the current Node when new enough', newScope, { currentVersion: [22, 19, 0], overridePath: '/other/node' }, { runtimePath: '/usr/bin/node', skipReason: null }],
    ['PI_E2E_NODE when new enough', newScope, { overridePath: '/opt/node22', probeVersion: () => [22, 23, 3] }, { runtimePath: '/opt/node22', skipReason: null }],
    ['a skip saying how to enable it without PI_E2E_NODE', newScope, {}, { runtimePath: null, skipReason: `${needs} (this is Node 20.20.2): ${ENABLE_NODE22_HINT}` }],
    ['a skip naming a PI_E2E_NODE too old', newScope, { overridePath: '/opt/node20', probeVersion: () => [20, 1, 0] }, { runtimePath: null, skipReason: `${needs}; PI_E2E_NODE is Node 20.1.0: ${ENABLE_NODE22_HINT}` }],
    ['a skip when PI_E2E_NODE does not run', newScope, { overridePath: '/missing/node' }, { runtimePath: null, skipReason: `${needs}; PI_E2E_NODE does not run: ${ENABLE_NODE22_HINT}` }],
  ])('chooses %s', (_title, version, candidates, expected) => {
    expect(chooseNodeBinary(version, { ...machine, ...candidates })).toEqual(expected);
  });
});

describe('which releases a suite runs on', () => {
  it('runs a version that has its Node; skips one without outside CI, and fails it under CI, which must run the whole matrix', () => {
    const runnable: PiMatrixEntry = { version: newScope, runtimePath: '/opt/node22', skipReason: null };
    const withoutNode: PiMatrixEntry = { version: newScope, runtimePath: null, skipReason: 'Pi 0.84.2 needs Node >= 22.19.0' };
    const plans = (entry: PiMatrixEntry): string[] => [{}, { CI: '' }, { CI: 'false' }, { CI: '0' }, { CI: 'true' }, { CI: '1' }].map((env) => planPiSuite(entry, env));
    expect(plans(runnable)).toEqual(['run', 'run', 'run', 'run', 'run', 'run']);
    expect(plans(withoutNode)).toEqual(['skip', 'skip', 'skip', 'skip', 'fail', 'fail']);
  });

  it('gives the anchors by default and every line for `all`, narrowed to named labels in matrix order; an unknown label throws', () => {
    expect(piVersionsFor('anchors', {})).toBe(PI_ANCHORS);
    expect(piVersionsFor('all', {})).toBe(PI_VERSIONS);
    expect(piMatrix({}).map((entry) => entry.version.label)).toEqual(['0.73.1', '0.84.2', '1.6.0']);
    expect(selectPiVersions(PI_ANCHORS, undefined)).toEqual([...PI_ANCHORS]);
    expect(selectPiVersions(PI_ANCHORS, ['1.6.0', '0.73.1']).map((version) => version.label)).toEqual(['0.73.1', '1.6.0']);
    expect(() => selectPiVersions(PI_ANCHORS, ['0.73.1', '9.9.9'])).toThrow('Pi versions not in the matrix: 9.9.9');
  });

  it('narrows either selection to the listed versions PI_E2E_ONLY names, and refuses one not listed, naming the listed ones', () => {
    const only = { PI_E2E_ONLY: '0.80.10, 1.6.0' };
    expect(piVersionsFor('anchors', only).map((version) => version.label)).toEqual(['0.80.10', '1.6.0']);
    expect(piVersionsFor('all', only).map((version) => version.label)).toEqual(['0.80.10', '1.6.0']);
    expect(() => piVersionsFor('all', { PI_E2E_ONLY: '0.99.1' })).toThrow(/PI_E2E_ONLY names 0\.99\.1, which is not a listed Pi release line \(0\.73\.1, 0\.74\.2, /);
  });

  it('leaves out the releases before `since`, also those PI_E2E_ONLY names', () => {
    const labels = (env: NodeJS.ProcessEnv, lines: 'anchors' | 'all'): string[] => piMatrix(env, lines, undefined, '1.5.0').map((entry) => entry.version.label);
    expect(labels({}, 'anchors')).toEqual(['1.6.0']);
    expect(labels({}, 'all')).toEqual(['1.5.2', '1.6.0']);
    expect(labels({ PI_E2E_ONLY: '0.73.1,0.84.2' }, 'anchors')).toEqual([]);
    expect(labels({ PI_E2E_ONLY: '0.73.1,1.6.0' }, 'anchors')).toEqual(['1.6.0']);
    expect(() => piMatrix({}, 'anchors', undefined, 'soon')).toThrow('since: soon is not a Pi release (x.y.z)');
  });

  it('runs only the package PI_E2E_ONLY points at, whatever the selection', () => {
    const packageDir = newest.cliPath.replace(/\/dist\/bundle\/cli\.js$/u, '');
    expect(piVersionsFor('anchors', { PI_E2E_ONLY: packageDir })).toEqual([{ ...newest, packageName: '@earendil-works/pi-coding-agent' }]);
  });
});

describe('a Pi package installed anywhere (PI_E2E_ONLY=<dir>)', () => {
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

  it("has the behaviour of its line, or of the newest listed line when its line is not listed", () => {
    expect([lineFactsFor('0.74.0').version, lineFactsFor('0.84.4').version]).toEqual(['0.74.2', '0.84.2']);
    const dir = packageWith({ name: '@earendil-works/pi-coding-agent', version: '2.1.0', bin: { pi: 'dist/next/cli.js' }, engines: { node: '>=24.0.0' } });
    const newestLine = PI_RELEASE_LINES.at(-1);
    if (newestLine === undefined) throw new Error('no listed line');
    expect(versionFromPackageDir(dir)).toEqual({
      ...lineFacts(newestLine, { faults: false }),
      label: '2.1.0',
      scope: '@earendil-works',
      packageName: '@earendil-works/pi-coding-agent',
      cliPath: join(dir, 'dist/next/cli.js'),
      minimumRuntime: [24, 0, 0],
      host: PI_HOST,
    });
  });

  it('refuses a folder whose package.json lacks the CLI or a readable Node minimum', () => {
    const dir = packageWith({ name: 'x', version: '1.0.0', bin: { pi: 'cli.js' }, engines: { node: '^22' } });
    expect(() => versionFromPackageDir(dir)).toThrow(/is not a Pi package with a version, bin\.pi and engines\.node/u);
  });
});
