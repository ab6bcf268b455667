import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

// Besides the quick start (readme.test.ts), the README shows the shapes of an item, a report and the
// error as plain declarations, easier to read than the real ones (no `readonly`). Each must declare
// what the package exports under that name: mutually assignable once `readonly` is set aside.

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const quickStart = readme.split(/^## /mu).find((part) => part.startsWith('Quick start\n')) ?? '';
const shapeBlocks = Array.from(readme.replace(quickStart, '').matchAll(/^```ts\n([\s\S]*?)^```$/gmu), (match) => match[1] ?? '');
const declaredNames = shapeBlocks.flatMap((block) => Array.from(block.matchAll(/^(?:interface|class) (\w+)/gmu), (match) => match[1] ?? ''));

function checkFile(): string {
  const checks = declaredNames.map(
    (name) => `export const ${name}Matches: Same<Writable<Readme.${name}>, Writable<Published.${name}>> = true;`,
  );
  return [
    "import type * as Published from '../src/index.js';",
    'declare namespace Readme {',
    ...shapeBlocks.map((block) => block.replace(/^(interface|class) /gmu, 'export $1 ')),
    '}',
    'type Writable<T> = T extends (...args: never[]) => unknown ? T : T extends readonly (infer E)[] ? Writable<E>[] : T extends object ? { -readonly [K in keyof T]: Writable<T[K]> } : T;',
    'type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;',
    ...checks,
  ].join('\n');
}

test('each shape the README declares is the exported type of that name', async () => {
  expect(declaredNames).toEqual(['ContextItem', 'ContextGuardReport', 'ContextGuardError']);
  const ts = (await import('typescript')).default;
  const path = fileURLToPath(new URL(`./.readme-shapes-${process.pid.toString()}.ts`, import.meta.url));
  await writeFile(path, checkFile());
  try {
    const program = ts.createProgram([path], {
      strict: true,
      exactOptionalPropertyTypes: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: [],
      noEmit: true,
      skipLibCheck: true,
    });
    const messages = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(messages).toEqual([]);
  } finally {
    await rm(path, { force: true });
  }
}, 120_000);
