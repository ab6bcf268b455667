import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

// Which packages get an API report, and where each report lives: every publishable (non-private)
// package of `packages/`, its entry read from its own `types` field, its report in its `api/` folder.

export interface ApiReportTarget {
  /** The package name, e.g. `@j1nn0/agent-state`. */
  readonly name: string;
  /** Absolute folder of the package. */
  readonly dir: string;
  /** Absolute path of the declaration file a consumer's `import` resolves to. */
  readonly entry: string;
  /** Absolute path of the checked-in report. */
  readonly reportFile: string;
}

interface ManifestFields {
  readonly name?: unknown;
  readonly private?: unknown;
  readonly types?: unknown;
}

/** `@j1nn0/agent-state` -> `agent-state.api.md`. */
export function reportFileName(packageName: string): string {
  return `${packageName.slice(packageName.lastIndexOf('/') + 1)}.api.md`;
}

/** The publishable packages under `<repoRoot>/packages`, in folder order. */
export async function apiReportTargets(repoRoot: string): Promise<ApiReportTarget[]> {
  const packagesDir = join(repoRoot, 'packages');
  const folders = (await readdir(packagesDir, { withFileTypes: true })).filter((entry) => entry.isDirectory());
  const targets: ApiReportTarget[] = [];
  for (const folder of folders.map((entry) => entry.name).sort()) {
    const dir = join(packagesDir, folder);
    const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as ManifestFields;
    if (manifest.private === true) continue;
    if (typeof manifest.name !== 'string' || typeof manifest.types !== 'string') {
      throw new Error(`packages/${folder}/package.json: a publishable package needs "name" and "types"`);
    }
    targets.push({
      name: manifest.name,
      dir,
      entry: join(dir, manifest.types),
      reportFile: join(dir, 'api', reportFileName(manifest.name)),
    });
  }
  return targets;
}
