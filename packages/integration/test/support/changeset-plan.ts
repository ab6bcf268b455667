// What the pending changesets promise, worked out independently of the changesets tool so the
// rehearsal can hold `changeset version` to it: each package's next version and its changelog texts.

export type BumpType = 'major' | 'minor' | 'patch';

export interface Changeset {
  /** The file name in `.changeset/`. */
  readonly file: string;
  /** Package name -> the bump this changeset asks for. */
  readonly releases: ReadonlyMap<string, BumpType>;
  /** The text below the front matter, trimmed: what the changelog entry says. */
  readonly summary: string;
}

export interface PlannedPackage {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly dependencies?: Readonly<Record<string, string>>;
}

const BUMP_ORDER: readonly BumpType[] = ['patch', 'minor', 'major'];
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/u;
const RELEASE_LINE = /^\s*(["']?)([^"':\s][^"':]*)\1\s*:\s*(major|minor|patch)\s*$/u;
const PLAIN_VERSION = /^(\d+)\.(\d+)\.(\d+)$/u;

function isBumpType(value: string): value is BumpType {
  return (BUMP_ORDER as readonly string[]).includes(value);
}

/** Reads one changeset file: `"<package>": <bump>` lines between `---` fences, then the summary. */
export function parseChangeset(file: string, text: string): Changeset {
  const match = FRONT_MATTER.exec(text);
  if (match === null) throw new Error(`${file}: no front matter between --- lines`);
  const releases = new Map<string, BumpType>();
  for (const line of (match[1] ?? '').split(/\r?\n/u)) {
    if (line.trim() === '') continue;
    const release = RELEASE_LINE.exec(line);
    const name = release?.[2]?.trim();
    const bump = release?.[3] ?? '';
    if (name === undefined || !isBumpType(bump)) throw new Error(`${file}: cannot read the release line ${JSON.stringify(line)}`);
    releases.set(name, bump);
  }
  return { file, releases, summary: (match[2] ?? '').trim() };
}

/** The next version of a plain `x.y.z` version (pre-releases are not planned here). */
export function bumpVersion(version: string, bump: BumpType): string {
  const match = PLAIN_VERSION.exec(version);
  if (match === null) throw new Error(`cannot bump ${JSON.stringify(version)}: only x.y.z versions are planned`);
  const [major, minor, patch] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

function larger(a: BumpType | undefined, b: BumpType): BumpType {
  return a === undefined || BUMP_ORDER.indexOf(b) > BUMP_ORDER.indexOf(a) ? b : a;
}

/**
 * Every public package's version after `changeset version`: the largest bump its changesets ask for,
 * and at least a patch when a package it depends on is released (the repository's
 * `updateInternalDependencies: "patch"`). Packages nothing touches keep their version.
 */
export function plannedVersions(packages: readonly PlannedPackage[], changesets: readonly Changeset[]): Map<string, string> {
  const publicPackages = packages.filter((pkg) => pkg.private !== true);
  const bumps = new Map<string, BumpType>();
  for (const changeset of changesets) {
    for (const [name, bump] of changeset.releases) {
      if (!publicPackages.some((pkg) => pkg.name === name)) throw new Error(`${changeset.file}: ${name} is not a public workspace package`);
      bumps.set(name, larger(bumps.get(name), bump));
    }
  }
  // A dependent's patch can release its own dependents in turn: repeat until nothing changes.
  let grew = true;
  while (grew) {
    grew = false;
    for (const pkg of publicPackages) {
      if (bumps.has(pkg.name)) continue;
      if (Object.keys(pkg.dependencies ?? {}).some((dependency) => bumps.has(dependency))) {
        bumps.set(pkg.name, 'patch');
        grew = true;
      }
    }
  }
  return new Map(publicPackages.map((pkg) => {
    const bump = bumps.get(pkg.name);
    return [pkg.name, bump === undefined ? pkg.version : bumpVersion(pkg.version, bump)];
  }));
}

/** The body of a changelog's `## <version>` section, up to the next `## ` heading; undefined when absent. */
export function changelogSection(changelog: string, version: string): string | undefined {
  const lines = changelog.split(/\r?\n/u);
  const start = lines.findIndex((line) => line.trim() === `## ${version}`);
  if (start === -1) return undefined;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => line.startsWith('## '));
  return (end === -1 ? rest : rest.slice(0, end)).join('\n');
}
