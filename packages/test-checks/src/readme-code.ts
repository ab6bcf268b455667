import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { CompilerHost, CompilerOptions, SourceFile } from 'typescript';
import { describe, expect, test } from 'vitest';

// A file inside the package folder that imports the package by name resolves it through
// package.json "exports" to dist, the same way it resolves for someone who installed the package.

const runFile = promisify(execFile);

/** The ```ts blocks of a text, in order. */
function tsBlocks(text: string): string[] {
  return Array.from(text.matchAll(/^```ts\n([\s\S]*?)^```$/gm), (match) => match[1] ?? '');
}

// Loaded on first use, with Node's own require so that a worker loads it once: the compiler is large and
// most importers of these checks never need it.
function loadTypeScript(): typeof import('typescript') {
  return createRequire(import.meta.url)('typescript') as typeof import('typescript');
}

const EXAMPLE_FILE_PREFIX = '.readme-example-';

/**
 * Declaration files parsed by earlier programs in this process: TypeScript's and Node's libraries and the
 * built packages do not change during a run, and parsing them is most of what a program costs. The
 * examples themselves are parsed fresh every time.
 */
const parsedDeclarations = new Map<string, SourceFile>();

function cachingCompilerHost(ts: typeof import('typescript'), options: CompilerOptions): CompilerHost {
  const host = ts.createCompilerHost(options);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (!fileName.endsWith('.d.ts') || fileName.includes(EXAMPLE_FILE_PREFIX)) return parse(fileName, languageVersion, onError, shouldCreate);
    const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
    const known = parsedDeclarations.get(key);
    if (known !== undefined) return known;
    const parsed = parse(fileName, languageVersion, onError, shouldCreate);
    if (parsed !== undefined) parsedDeclarations.set(key, parsed);
    return parsed;
  };
  return host;
}

/**
 * The messages TypeScript gives for each block written as a file of its package (so it imports the package
 * as a user does), with strict settings, all in one program: the declarations every package's examples
 * read (Node's, Pi's) are parsed once.
 */
async function typeCheckProblems(blocks: readonly { readonly directory: string; readonly code: string }[]): Promise<string[][]> {
  const ts = loadTypeScript();
  const paths = blocks.map(({ directory }, index) => join(directory, `${EXAMPLE_FILE_PREFIX}${process.pid.toString()}-${(index + 1).toString()}.ts`));
  await Promise.all(blocks.map(({ code }, index) => writeFile(paths[index] ?? '', code)));
  try {
    const options: CompilerOptions = {
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ['node'],
      noEmit: true,
      skipLibCheck: true,
    };
    const program = ts.createProgram(paths, options, cachingCompilerHost(ts, options));
    return paths.map((path) =>
      ts.getPreEmitDiagnostics(program, program.getSourceFile(path)).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
    );
  } finally {
    await Promise.all(paths.map((path) => rm(path, { force: true })));
  }
}

/**
 * A package whose README's code is checked: every `ts` block, or for a published package its quick start
 * (its other blocks show shapes as plain declarations, which the package's own tests hold to its types).
 */
export interface ReadmeCode {
  /** The package folder, holding README.md and package.json; its dist must be built. */
  readonly packageDirectory: URL;
  /** For a README with a "## Quick start": text that shows its one block checks its own results, e.g. `assert.deepEqual(`. */
  readonly quickStartAssertion?: string;
}

function readReadme({ packageDirectory, quickStartAssertion }: ReadmeCode) {
  const directory = fileURLToPath(packageDirectory);
  const readme = readFileSync(join(directory, 'README.md'), 'utf8');
  const { name } = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { name: string };
  const quickStart = tsBlocks(readme.split(/^## /m).find((part) => part.startsWith('Quick start\n')) ?? '');
  return { name, directory, blocks: quickStartAssertion === undefined ? tsBlocks(readme) : quickStart, quickStart, assertion: quickStartAssertion };
}

/**
 * Every ```ts block of each package's README (a published package's: its quick start) is a whole file that
 * type-checks strictly against the built package, all in one program, and a published package's quick start
 * is one such block that imports the package by its name, asserts what it shows and runs to its end with
 * node. Build the packages first (`pnpm test` and `pnpm test:fast` do).
 */
export function describeReadmeCode(packages: readonly ReadmeCode[]): void {
  const readmes = packages.map(readReadme);
  const withQuickStart = readmes.filter((readme) => readme.assertion !== undefined);

  describe('README code', () => {
    test.each(readmes.map((readme) => [readme.name, readme] as const))('%s has at least one ts block', (_name, readme) => {
      expect(readme.blocks.length).toBeGreaterThan(0);
    });

    test('every block of every README type-checks against its built package', async () => {
      const blocks = readmes.flatMap(({ directory, blocks: codes }) => codes.map((code) => ({ directory, code })));
      const problems = await typeCheckProblems(blocks);
      expect(problems.map((found, index) => (found.length === 0 ? [] : [readmes.find((readme) => readme.directory === blocks[index]?.directory)?.name, ...found]))).toEqual(
        blocks.map(() => []),
      );
    }, 180_000);

    test.each(withQuickStart.map((readme) => [readme.name, readme] as const))(
      "%s's quick start is one block that imports the package by its published name, asserts what it shows and runs to its end",
      async (_name, { name, directory, quickStart, assertion }) => {
        expect(quickStart).toHaveLength(1);
        const [code = ''] = quickStart;
        expect(code).toContain(`from '${name}'`);
        expect(code).toContain(assertion);
        const ts = loadTypeScript();
        const javascript = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
        const path = join(directory, `.readme-quick-start-${process.pid.toString()}.mjs`);
        await writeFile(path, javascript);
        try {
          const { stdout, stderr } = await runFile(process.execPath, [path], { cwd: directory, timeout: 30_000 });
          expect({ stdout, stderr }).toEqual({ stdout: '', stderr: '' });
        } finally {
          await rm(path, { force: true });
        }
      },
      60_000,
    );
  });
}
