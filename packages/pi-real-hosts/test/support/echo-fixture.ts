import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The echo fixture extension, loaded by Pi with `-e`. */
export const ECHO_EXTENSION_PATH = fileURLToPath(new URL('../fixtures/echo-extension.ts', import.meta.url));

/** The custom entry type the fixture's `echo_note` tool appends. */
export const ECHO_NOTE_ENTRY = 'echo-note';

/** Writes `<parent>/echo-package`, a Pi package whose manifest lists the echo extension; returns its path. */
export async function writeEchoPackage(parent: string): Promise<string> {
  const packageDir = join(parent, 'echo-package');
  await mkdir(join(packageDir, 'extensions'), { recursive: true });
  await copyFile(ECHO_EXTENSION_PATH, join(packageDir, 'extensions', 'echo.ts'));
  const manifest = { name: 'echo-package', version: '1.0.0', type: 'module', pi: { extensions: ['./extensions/echo.ts'] } };
  await writeFile(join(packageDir, 'package.json'), JSON.stringify(manifest));
  return packageDir;
}
