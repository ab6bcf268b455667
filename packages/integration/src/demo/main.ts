// `pnpm demo`: plays each scene in the real Pi 1.6.0 terminal UI with a scripted model and writes
// what the screen shows as an SVG and a PNG beside it (the READMEs' pictures). Same code, same files.
import { fileURLToPath } from 'node:url';
import { piTarget, runPiProgram } from '../pi-program.js';
import { DEMO_PI } from './demo-pi.js';
import { DEMO_SCENES, makeSceneSvg, writeScenePictures } from './demo-pictures.js';

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function makeAll(): Promise<void> {
  const target = piTarget(DEMO_PI);
  if ('problem' in target) throw new Error(target.problem);
  print(`Pictures from the real Pi ${target.version.label} (${target.runtimePath})`);
  for (const scene of DEMO_SCENES) {
    const started = Date.now();
    const svg = await makeSceneSvg(target, scene);
    await writeScenePictures(scene, svg);
    print(`${scene.name}: ${fileURLToPath(scene.picturePath)} and .png (${Date.now() - started} ms)`);
  }
}

// Ctrl-C too stops Pi and removes the fixed sandbox roots, so the next run can use them.
process.exitCode = await runPiProgram(makeAll, (message) => `demo: ${message}`);
