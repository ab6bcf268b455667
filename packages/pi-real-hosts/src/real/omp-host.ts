import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HostFacts } from './host-facts.js';
import type { PiVersion } from './pi-versions.js';
import type { PiSandbox } from './sandbox.js';
import type { ScriptedModel } from './scripted-model.js';

/** oh-my-pi (npm `@oh-my-pi/pi-coding-agent`), a Pi fork on Bun that loads Pi packages; checked on 18.2.3. */
export const OMP_HOST: HostFacts = Object.freeze({
  name: 'omp',
  displayName: 'oh-my-pi',
  runtime: 'bun',
  agentConfig: {
    modelsFile: 'models.yml',
    settingsFile: 'config.yml',
    modelArgument: 'provider-slash-model',
    fixedArgs: ['--no-lsp'],
    // The terminal UI asks the model for a session title before the first turn; that would take a scripted step.
    fixedEnv: { PI_NO_TITLE: '1' },
  },
  entryRenderer: false,
  sessionEvents: {
    load: { event: 'session_start', reason: undefined },
    newSession: { event: 'session_switch', reason: 'new' },
    resume: { event: 'session_switch', reason: 'resume' },
    fork: { event: 'session_switch', reason: 'fork' },
    tree: { event: 'session_tree', reason: undefined },
    branch: { event: 'session_branch', reason: undefined },
  },
  renderers: { renderCall: ['args', 'options', 'theme'], renderResult: ['result', 'options', 'theme', 'args'], errorFlag: 'result.isError' },
  rpc: { readyLine: true, getCommands: false, commandDone: 'prompt_result', entryAppendedEvents: false },
  terminal: { footers: 'line-each', editorLayout: 'after-corner', editorDrawn: /^╰─/u, skipsSetupWizard: 'config.yml setupVersion: 2' },
  sessionFileWritten: { atLaunch: 'after-first-reply', newSession: 'at-once' },
  runsAlone: 'concurrency: exclusive',
  toolExposure: 'load-mode',
  wireToolNamePrefix: { 'anthropic-messages': '_' },
} satisfies HostFacts);

/** The release the suite pins, installed as pi-real-hosts' dependency alias. */
const OMP_VERSION_LABEL = '18.2.3';
const OMP_PACKAGE_NAME = `omp-coding-agent-${OMP_VERSION_LABEL}`;

// src/real and dist/real both sit two levels below the package root, so one relative URL serves both.
const ompPackageDir = new URL(`../../node_modules/${OMP_PACKAGE_NAME}/`, import.meta.url);

/** Absolute path of omp's CLI (`bin.omp`, a Bun bundle). */
export const OMP_CLI_PATH = fileURLToPath(new URL('dist/cli.js', ompPackageDir));

/** `engines.bun` of the installed package, e.g. `>=1.3.14`. */
export function ompBunRange(): string {
  const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('package.json', ompPackageDir)), 'utf8')) as { engines?: { bun?: unknown } };
  return typeof manifest.engines?.bun === 'string' ? manifest.engines.bun : '';
}

/**
 * The installed omp as a version the driver and terminal harness start. `minimumRuntime` holds the Bun
 * lower bound here (the runtime is bun, see OMP_HOST.runtime); no Node ever runs it.
 */
export const OMP_VERSION: PiVersion = Object.freeze({
  label: OMP_VERSION_LABEL,
  scope: '@oh-my-pi',
  packageName: OMP_PACKAGE_NAME,
  cliPath: OMP_CLI_PATH,
  minimumRuntime: [1, 3, 14],
  projectPackagesNeedApprove: false,
  // omp fires session_switch, not session_start, after new_session / switch_session.
  sessionStartsAfterReplacement: 0,
  compaction: { failedEvent: false, boundaryDrafts: false },
  host: OMP_HOST,
} satisfies PiVersion);

/**
 * omp's config.yml for tests: setupVersion 2 skips the first-start wizard of the terminal UI; no
 * update check (omp asks the registry at every terminal start, PI_OFFLINE does not stop it) and no
 * welcome screen; a keepRecentTokens of 1 lets a three-turn session compact; no retries, so a
 * failing script fails fast.
 */
const DEFAULT_OMP_CONFIG: Readonly<Record<string, unknown>> = Object.freeze({
  setupVersion: 2,
  startup: { checkUpdate: false, quiet: true },
  compaction: { keepRecentTokens: 1 },
  retry: { enabled: false, maxRetries: 0 },
});

/**
 * Writes `<agent>/models.yml` (the scripted model's provider) and `<agent>/config.yml`.
 * Both are JSON text: YAML 1.2 reads JSON as it is, and omp parses them as YAML.
 */
export async function writeOmpAgentConfig(sandbox: PiSandbox, model: ScriptedModel, config: Readonly<Record<string, unknown>> = {}): Promise<void> {
  await sandbox.writeAgentJson('models.yml', model.modelsJson());
  await sandbox.writeAgentJson('config.yml', { ...DEFAULT_OMP_CONFIG, ...config });
}
