import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PI_E2E_TIMEOUT_MS, describeEachPi } from '@j1nn0/pi-real-hosts';
import { describe, expect, it } from 'vitest';
import { DEMO_SCENES, firstDifference, makeSceneSvg, pngPathOf, readCommittedSvg } from '../src/demo/demo-pictures.js';
import { DEMO_PI } from '../src/demo/demo-pi.js';
import { rasterisePicture } from '../src/demo/picture-png.js';

// The READMEs' pictures are what the real Pi shows now: each scene is played again (one Pi start
// each) and its SVG compared with the committed one; the committed PNG must be that SVG rasterised.

const REMEDY = 'the pictures are out of date: run pnpm demo and commit packages/*/media';

describeEachPi(
  'the committed demo pictures',
  (target) => {
    for (const scene of DEMO_SCENES) {
      it(`${scene.name}: ${fileURLToPath(scene.picturePath)} is what the scene draws now`, async () => {
        const made = await makeSceneSvg(target, scene);
        const difference = firstDifference(await readCommittedSvg(scene), made);
        expect(difference === undefined ? 'the same' : `${REMEDY}; ${difference}`).toBe('the same');
      }, PI_E2E_TIMEOUT_MS);
    }
  },
  { versions: [DEMO_PI], since: DEMO_PI },
);

describe('the committed demo PNGs', () => {
  for (const scene of DEMO_SCENES) {
    it(`${scene.name}: the PNG is the committed SVG rasterised`, async () => {
      const png = await readFile(pngPathOf(scene));
      const rasterised = rasterisePicture(await readCommittedSvg(scene));
      expect(png.equals(rasterised), REMEDY).toBe(true);
    });
  }
});

describe('firstDifference', () => {
  it('names the first line that differs and both versions of it', () => {
    expect(firstDifference('a\nb\nc', 'a\nB\nc')).toBe('line 2 differs:\n  committed: b\n  made now:  B');
    expect(firstDifference('a', 'a\nmore')).toBe('line 2 differs:\n  committed: (end of file)\n  made now:  more');
    expect(firstDifference('same', 'same')).toBeUndefined();
  });
});

describe('the READMEs', () => {
  const [agentState, contextGuard] = DEMO_SCENES;
  const openers = [
    { readme: '../../agent-state-pi/README.md', link: 'media/terminal.svg', scene: agentState },
    { readme: '../../agent-context-guard-pi/README.md', link: 'media/terminal.svg', scene: contextGuard },
    { readme: '../../../README.md', link: 'packages/agent-state-pi/media/terminal.svg', scene: agentState },
  ];

  it('docs/compaction.md shows the picture of the pending check, its description as the alt text', async () => {
    const pending = DEMO_SCENES.find((candidate) => candidate.name === 'context-guard-pending');
    const page = await readFile(new URL('../../agent-context-guard-pi/docs/compaction.md', import.meta.url), 'utf8');
    expect(page).toContain(`![${String(pending?.description)}](../media/check-pending.svg)`);
    expect(new URL('../media/check-pending.svg', new URL('../../agent-context-guard-pi/docs/compaction.md', import.meta.url)).href).toBe(pending?.picturePath.href);
  });

  for (const { readme, link, scene } of openers) {
    it(`${readme.replace(/^(\.\.\/)+/u, '')} opens with the picture of ${String(scene?.name)}, its description as the alt text`, async () => {
      const lines = (await readFile(new URL(readme, import.meta.url), 'utf8')).split('\n');
      expect(lines[1]).toBe('');
      expect(lines[2]).toBe(`![${String(scene?.description)}](${link})`);
      expect(new URL(link, new URL(readme, import.meta.url)).href).toBe(scene?.picturePath.href);
    });
  }
});
