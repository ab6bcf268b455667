// `pnpm demo`: plays each scene in the real Pi 1.6.0 terminal UI with a scripted model and writes
// what the screen shows as an SVG and a PNG beside it (the READMEs' pictures). Same code, same files.
import { fileURLToPath } from 'node:url';
import { disposeAll } from '@j1nn0/pi-real-hosts';
import { DEMO_SCENES, makeSceneSvg, writeScenePictures } from './demo-pictures.js';
import { chooseDemoTarget } from './demo-target.js';

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function makeAll(): Promise<void> {
  const target = chooseDemoTarget();
  print(`Pictures from the real Pi ${target.version.label} (${target.runtimePath})`);
  for (const scene of DEMO_SCENES) {
    const started = Date.now();
    const svg = await makeSceneSvg(target, scene);
    await writeScenePictures(scene, svg);
    print(`${scene.name}: ${fileURLToPath(scene.picturePath)} and .png (${Date.now() - started} ms)`);
  }
}

async function main(): Promise<number> {
  // Ctrl-C still stops Pi and removes the fixed sandbox roots, so the next run can use them.
  process.once('SIGINT', () => {
    void disposeAll().finally(() => process.exit(130));
  });
  let failure: unknown;
  try {
    await makeAll();
  } catch (error) {
    failure = error;
  }
  await disposeAll();
  if (failure === undefined) return 0;
  process.stderr.write(`demo: ${failure instanceof Error ? failure.message : 'a non-Error value was thrown'}\n`);
  return 1;
}

process.exitCode = await main();
