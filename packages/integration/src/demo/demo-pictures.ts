import { readFile, writeFile } from 'node:fs/promises';
import { AGENT_STATE_SCENE } from './agent-state-scene.js';
import { CONTEXT_GUARD_PENDING_SCENE, CONTEXT_GUARD_SCENE } from './context-guard-scene.js';
import { WINDOW_TITLE, settle, withDemoPi, type DemoScene, type DemoTarget } from './demo-pi.js';
import { rasterisePicture } from './picture-png.js';
import { pictureOf, renderPictureSvg } from './picture-svg.js';

/** Every picture `pnpm demo` makes, in the order it makes them. */
export const DEMO_SCENES: readonly DemoScene[] = [AGENT_STATE_SCENE, CONTEXT_GUARD_SCENE, CONTEXT_GUARD_PENDING_SCENE];

/** The PNG beside a scene's SVG. */
export function pngPathOf(scene: DemoScene): URL {
  return new URL(scene.picturePath.href.replace(/\.svg$/u, '.png'));
}

/** Plays the scene in a fresh Pi and returns the SVG of the screen it leaves, once nothing moves. */
export function makeSceneSvg(target: DemoTarget, scene: DemoScene): Promise<string> {
  return withDemoPi(target, scene.name, async (terminal) => {
    await scene.play(terminal);
    await settle(terminal);
    return renderPictureSvg(pictureOf(terminal, WINDOW_TITLE, scene.description));
  });
}

/** Writes the scene's SVG and the PNG rasterised from it. */
export async function writeScenePictures(scene: DemoScene, svg: string): Promise<void> {
  await writeFile(scene.picturePath, svg);
  await writeFile(pngPathOf(scene), rasterisePicture(svg));
}

export function readCommittedSvg(scene: DemoScene): Promise<string> {
  return readFile(scene.picturePath, 'utf8');
}

/**
 * Where two SVG texts first differ, for a failure a person can read: the line number and both
 * lines, or undefined when they are equal.
 */
export function firstDifference(committed: string, made: string): string | undefined {
  if (committed === made) return undefined;
  const committedLines = committed.split('\n');
  const madeLines = made.split('\n');
  const line = committedLines.findIndex((text, index) => text !== madeLines[index]);
  const at = line === -1 ? committedLines.length : line;
  return `line ${at + 1} differs:\n  committed: ${committedLines[at] ?? '(end of file)'}\n  made now:  ${madeLines[at] ?? '(end of file)'}`;
}
