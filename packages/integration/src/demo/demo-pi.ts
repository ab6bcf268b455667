import { existsSync } from 'node:fs';
import { symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPiSandbox, type PiVersion } from '@j1nn0/pi-real-hosts';
import { startPiTerminal, type PiTerminal } from '@j1nn0/pi-real-hosts/terminal';

// One Pi terminal UI per scene, both adapters loaded, everything that reaches the screen fixed:
// the size, the sandbox's paths (the cwd in the footer, and the prompt's length, which the usage
// numbers follow), the model's name and its scripted answers; the panel's times are fixed by pictureOf.

/** The Pi the pictures are made with: what the READMEs describe first. */
export const DEMO_PI = '1.6.0';

export const DEMO_COLS = 100;
export const DEMO_ROWS = 34;
/** Below the sandbox's HOME, so Pi's footer shows `~/csv-export` on every machine. */
const PROJECT_PATH = 'home/csv-export';
/** The window's title bar above every picture. */
export const WINDOW_TITLE = 'pi — ~/csv-export';

const EXTENSIONS = [
  fileURLToPath(import.meta.resolve('@j1nn0/agent-state-pi')),
  fileURLToPath(import.meta.resolve('@j1nn0/agent-context-guard-pi')),
];

export interface DemoTarget {
  readonly version: PiVersion;
  readonly runtimePath: string;
}

/** The fixed sandbox root of a scene; two scenes never share one. */
export function demoRoot(sceneName: string): string {
  return `/tmp/j1nn0-pi-demo-${sceneName}`;
}

/** The folder of the Pi package whose CLI `cliPath` is: the nearest one above it with a package.json. */
function packageDirOf(cliPath: string): string {
  let dir = dirname(cliPath);
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${cliPath}`);
    dir = parent;
  }
  return dir;
}

/**
 * Pi's system prompt names its own docs by their path, which holds wherever this checkout is, and the
 * usage numbers on screen follow the prompt's length: Pi is pointed at its package through a link at
 * a fixed place (PI_PACKAGE_DIR, Pi's own override), so every checkout draws the same numbers.
 */
function fixedPiPackageDir(sceneName: string): string {
  return join(demoRoot(sceneName), 'pi-package');
}

/** Starts Pi for `sceneName`, runs `play`, and always stops Pi and removes its sandbox. */
export async function withDemoPi<T>(target: DemoTarget, sceneName: string, play: (terminal: PiTerminal) => Promise<T>): Promise<T> {
  const piPackageDir = fixedPiPackageDir(sceneName);
  const sandbox = await createPiSandbox({ root: demoRoot(sceneName), projectPath: PROJECT_PATH, env: { PI_PACKAGE_DIR: piPackageDir } });
  try {
    await symlink(packageDirOf(target.version.cliPath), piPackageDir, 'dir');
    const terminal = await startPiTerminal({ ...target, sandbox, cols: DEMO_COLS, rows: DEMO_ROWS, extensions: EXTENSIONS });
    try {
      return await play(terminal);
    } finally {
      await terminal.dispose();
    }
  } finally {
    await sandbox.dispose();
  }
}

function withoutWhitespace(text: string): string {
  return text.replace(/\s+/gu, '');
}

/** Pi 1.6.0 writes it into the editor's top rule (`── ⠋ Working ───`) while a model turn runs. */
const WORKING_INDICATOR = 'Working';

/**
 * Types a line as one burst, waits until the editor (the bottom rows) shows it and Pi's completion
 * has settled, presses Enter once, then waits for `seen`, for Pi to be idle again (a line typed
 * during a turn would be queued, and drawn as such) and for the screen to rest.
 */
export async function enterLine(terminal: PiTerminal, text: string, seen: string): Promise<void> {
  terminal.type(text);
  const typed = withoutWhitespace(text);
  await terminal.waitUntil((_screen, lines) => withoutWhitespace(lines.slice(-12).join('')).includes(typed), `the editor showing ${text}`);
  await terminal.waitForQuiet(150);
  terminal.press('enter');
  await terminal.waitForText(seen);
  await terminal.waitUntil((screen) => !screen.includes(WORKING_INDICATOR), 'Pi idle, its working indicator gone');
  await terminal.waitForQuiet();
}

/** Waits long enough without output that nothing is still being drawn: the screen a picture is taken of. */
export async function settle(terminal: PiTerminal): Promise<void> {
  await terminal.waitForQuiet(800);
}

/** One picture: what is typed into Pi and what the model answers (the picture is the screen it leaves), and where it is kept. */
export interface DemoScene {
  /** Names the scene's sandbox and its log lines. */
  readonly name: string;
  /** The committed SVG; the PNG sits beside it with the same name. */
  readonly picturePath: URL;
  readonly description: string;
  readonly play: (terminal: PiTerminal) => Promise<void>;
}

/**
 * A scene whose picture is `media/<picture>.svg` in the adapter's package folder: `terminal` opens its
 * README, another one illustrates a docs page.
 */
export function demoScene(name: string, adapterFolder: string, description: string, play: DemoScene['play'], picture = 'terminal'): DemoScene {
  // src/demo and dist/demo both sit three levels below packages/.
  return { name, picturePath: new URL(`../../../${adapterFolder}/media/${picture}.svg`, import.meta.url), description, play };
}
