import { describe, expect, it } from 'vitest';
import { bumpVersion, changelogSection, parseChangeset, plannedVersions, type Changeset } from './support/changeset-plan.js';

function changeset(file: string, releases: Record<string, 'major' | 'minor' | 'patch'>, summary = 'Text.'): Changeset {
  return { file, releases: new Map(Object.entries(releases)), summary };
}

const CORE = { name: '@j1nn0/core', version: '0.1.0' };
const ADAPTER = { name: '@j1nn0/core-pi', version: '0.1.0', dependencies: { '@j1nn0/core': 'workspace:*' } };
const KIT = { name: '@j1nn0/kit', version: '0.0.0', private: true };

describe('parseChangeset', () => {
  it('reads quoted and bare package names with their bump, and the summary below the front matter', () => {
    const parsed = parseChangeset('a.md', '---\n"@j1nn0/core": minor\n\'@j1nn0/core-pi\': patch\nplain: major\n---\n\nFirst line.\nSecond line.\n');
    expect([...parsed.releases]).toEqual([
      ['@j1nn0/core', 'minor'],
      ['@j1nn0/core-pi', 'patch'],
      ['plain', 'major'],
    ]);
    expect(parsed.summary).toBe('First line.\nSecond line.');
  });

  it('refuses a file without front matter or with a bump it does not know', () => {
    expect(() => parseChangeset('a.md', 'Just text.')).toThrow('a.md: no front matter');
    expect(() => parseChangeset('b.md', '---\n"@j1nn0/core": huge\n---\nText.')).toThrow('b.md: cannot read the release line');
  });
});

describe('bumpVersion', () => {
  it('raises one part and resets the smaller ones', () => {
    expect(['major', 'minor', 'patch'].map((bump) => bumpVersion('0.2.3', bump as 'major'))).toEqual(['1.0.0', '0.3.0', '0.2.4']);
    expect(bumpVersion('0.0.0', 'minor')).toBe('0.1.0');
  });

  it('refuses a pre-release', () => {
    expect(() => bumpVersion('1.0.0-beta.1', 'patch')).toThrow('only x.y.z versions');
  });
});

describe('plannedVersions', () => {
  it('takes the largest bump a package gets from all changesets', () => {
    const planned = plannedVersions([CORE, ADAPTER], [changeset('a.md', { '@j1nn0/core': 'patch' }), changeset('b.md', { '@j1nn0/core': 'minor', '@j1nn0/core-pi': 'minor' })]);
    expect([...planned]).toEqual([
      ['@j1nn0/core', '0.2.0'],
      ['@j1nn0/core-pi', '0.2.0'],
    ]);
  });

  it('patches a package whose dependency is released, and keeps an untouched one', () => {
    const other = { name: '@j1nn0/other', version: '1.2.3' };
    expect([...plannedVersions([CORE, ADAPTER, other, KIT], [changeset('a.md', { '@j1nn0/core': 'minor' })])]).toEqual([
      ['@j1nn0/core', '0.2.0'],
      ['@j1nn0/core-pi', '0.1.1'],
      ['@j1nn0/other', '1.2.3'],
    ]);
  });

  it('refuses a changeset that names a private or unknown package', () => {
    expect(() => plannedVersions([CORE, KIT], [changeset('a.md', { '@j1nn0/kit': 'patch' })])).toThrow('a.md: @j1nn0/kit is not a public workspace package');
  });
});

describe('changelogSection', () => {
  const changelog = '# @j1nn0/core\n\n## 0.2.0\n\n### Minor Changes\n\n- abc1234: New.\n\n## 0.1.0\n\n- Old.\n';

  it('returns the body of one version, up to the next version', () => {
    expect(changelogSection(changelog, '0.2.0')).toBe('\n### Minor Changes\n\n- abc1234: New.\n');
    expect(changelogSection(changelog, '0.1.0')).toBe('\n- Old.\n');
  });

  it('returns undefined for a version the changelog does not have', () => {
    expect(changelogSection(changelog, '0.3.0')).toBeUndefined();
  });
});
