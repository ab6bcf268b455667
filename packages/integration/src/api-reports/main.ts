// `pnpm check:api` / `pnpm api:update`: node dist/api-reports/main.js check|update [repo root].
import { fileURLToPath } from 'node:url';
import { runApiReportsCommand } from './command.js';

const DEFAULT_REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const [command = '', repoRoot = DEFAULT_REPO_ROOT] = process.argv.slice(2);
try {
  process.exitCode = await runApiReportsCommand(command, repoRoot, (text) => process.stdout.write(text));
} catch (error) {
  process.stderr.write(`api reports: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
