// The test tiers every package's vitest config is built from: `fast` (unit, property, fake host and
// type tests, all in-process) and `real` (files that start a real host or another process: Pi lines,
// oh-my-pi, a pty, an ACP bridge, npm pack, a registry, a stand-in CLI). `vitest run` in a package
// runs both tiers of that package; the root `vitest.config.ts` runs them for every package in one
// vitest process (`pnpm test`), and `--project fast` there (`pnpm test:fast`) is the loop to run
// after each change.
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration, type ViteUserConfig } from 'vitest/config';
import { BaseSequencer, type TestSequencerConstructor, type TestSpecification } from 'vitest/node';

/**
 * Real-host files mostly wait on the processes they start (a Pi start is 0.5-2 s of one core, a turn
 * a few ms of it), so more files than cores overlap that waiting; past three on 2 cores, Pi start-ups
 * contend for the CPU and bounds tuned for one loaded machine get close.
 */
const REAL_TIER_WORKERS = 3;

export interface TestTiers {
  /** Globs (relative to the package) of the files that start a real host or another process. */
  readonly real: readonly string[];
  /**
   * Real files that take longest (paths relative to the package), each with about how many seconds it
   * takes alone. Across all packages they start longest first, before the rest, so that none is left
   * running alone at the end; without this, vitest starts the largest files first, and a file of three
   * lines may hold the longest matrix.
   */
  readonly slowest?: Readonly<Record<string, number>>;
}

/** Type tests (`expectTypeOf`), which vitest checks with tsc instead of running them. */
const TYPE_TEST_FILES = 'test/**/*.test-d.ts';

const TEST_FILES = 'test/**/*.test.ts';

/** A glob of a package, relative to the config's root (`.` is the package's own config). */
function inFolder(folder: string, glob: string): string {
  return folder === '.' ? glob : `${folder}/${glob}`;
}

/** The real files of the packages in `folders`: the real tier's files, and what the fast tier leaves out. */
function realFiles(folders: Readonly<Record<string, TestTiers>>): string[] {
  return Object.entries(folders).flatMap(([folder, tiers]) => tiers.real.map((glob) => inFolder(folder, glob)));
}

/**
 * The fast tier of the packages in `folders` (relative to the config's root; `{ '.': tiers }` for a package's own
 * config): every test file but the real ones, in-process, one worker per core; the type tests are checked
 * by one tsc program over `typeTestsConfig`.
 */
export function fastTier(folders: Readonly<Record<string, TestTiers>>, typeTestsConfig = './tsconfig.json'): TestProjectInlineConfiguration {
  const packages = Object.keys(folders);
  return {
    extends: true,
    test: {
      name: 'fast',
      include: packages.map((folder) => inFolder(folder, TEST_FILES)),
      exclude: [...configDefaults.exclude, ...realFiles(folders)],
      maxWorkers: availableParallelism(),
      // The fast files share no state (no module mocks, stubs or fake timers): a worker keeps the modules it
      // has loaded across files instead of loading the packages again for each one.
      isolate: false,
      sequence: { groupOrder: 0 },
      typecheck: { enabled: true, include: packages.map((folder) => inFolder(folder, TYPE_TEST_FILES)), tsconfig: typeTestsConfig },
    },
  };
}

/** The real tier of the packages in `folders` (as fastTier): their real files, REAL_TIER_WORKERS at a time. */
export function realTier(folders: Readonly<Record<string, TestTiers>>): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name: 'real',
      include: realFiles(folders),
      maxWorkers: REAL_TIER_WORKERS,
      sequence: { groupOrder: 1 },
    },
  };
}

/** Vitest's order (failed, then slow by the last run, then large), except that the `slowest` files of `folders` come first, longest first. */
export function slowestFirst(folders: Readonly<Record<string, TestTiers>>): TestSequencerConstructor {
  const slowest = Object.entries(folders)
    .flatMap(([folder, tiers]) => Object.entries(tiers.slowest ?? {}).map(([path, seconds]) => ({ suffix: `/${inFolder(folder, path)}`, seconds })))
    .sort((a, b) => b.seconds - a.seconds)
    .map(({ suffix }) => suffix);
  const rank = (file: TestSpecification): number => {
    const index = slowest.findIndex((suffix) => file.moduleId.endsWith(suffix));
    return index < 0 ? slowest.length : index;
  };
  return class SlowestFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      return sorted
        .map((file, order) => ({ file, order }))
        .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
        .map(({ file }) => file);
    }
  };
}

/** Both tiers of the packages in `folders`, the fast one first. */
export function bothTiers(folders: Readonly<Record<string, TestTiers>>, typeTestsConfig?: string): ViteUserConfig {
  return defineConfig({
    test: {
      sequence: { sequencer: slowestFirst(folders) },
      projects: [fastTier(folders, typeTestsConfig), ...(realFiles(folders).length > 0 ? [realTier(folders)] : [])],
    },
  });
}

/** A package's vitest config: the `fast` project over every test file but `real`, and the `real` project over those. */
export function tieredTestConfig(tiers: TestTiers): ViteUserConfig {
  return bothTiers({ '.': tiers });
}
