import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The install commands and the command synopsis of each adapter README, held to what the tests run
// and what the adapter prints: `pi install <folder> -l` (agent-state-pi's test/e2e/pi-install.test.ts
// and pi-install-local.test.ts), `pi -e <extension>` (every real-Pi test loads dist/extension.js),
// `pi install npm:<name>` (registry-install.test.ts) and the set-up line (the root README's, run by
// the fresh-clone and release-rehearsal tests). The usage line itself is compared with the adapter's
// format module by the adapter's test/readme.test.ts.

const ROOT = new URL('../../../', import.meta.url);
const CHECKOUT = '/path/to/the/checkout';

const ADAPTERS = [
  { folder: 'agent-state-pi', command: '/agent-state' },
  { folder: 'agent-context-guard-pi', command: '/context-guard' },
];

interface Block {
  readonly language: string;
  readonly text: string;
}

function blocksOf(page: string): Block[] {
  return Array.from(page.matchAll(/^```([a-z]*)\n([\s\S]*?)\n```$/gmu), (match) => ({ language: match[1] ?? '', text: match[2] ?? '' }));
}

function read(path: string): string {
  return readFileSync(new URL(path, ROOT), 'utf8');
}

/** The root README's set-up command, without the smoke run it ends with. */
function rootSetUp(): string {
  const setUp = blocksOf(read('README.md')).find((block) => block.language === 'sh' && block.text.startsWith('npm install -g pnpm@'));
  return (setUp?.text ?? '').replace(/ && pnpm smoke$/u, '');
}

describe.each(ADAPTERS)('the $folder README', ({ folder, command }) => {
  const readme = read(`packages/${folder}/README.md`);
  const manifest = JSON.parse(read(`packages/${folder}/package.json`)) as { name: string; pi: { extensions: string[] } };
  const blocks = blocksOf(readme);

  it('installs with the commands the tests run, for this package', () => {
    const extension = (manifest.pi.extensions[0] ?? '').replace(/^\.\//u, '');
    expect(blocks.filter((block) => block.language === 'sh').map((block) => block.text)).toEqual([
      rootSetUp(),
      `pi install ${CHECKOUT}/packages/${folder} -l`,
      `pi -e ${CHECKOUT}/packages/${folder}/${extension}`,
      `pi install npm:${manifest.name}`,
    ]);
  });

  it('sets up pnpm at the version the repository pins', () => {
    const { packageManager } = JSON.parse(read('package.json')) as { packageManager: string };
    expect(rootSetUp()).toContain(`npm install -g ${packageManager} `);
  });

  it('lists in its synopsis each form of the usage line, in order', () => {
    const usage = blocks.find((block) => block.text.startsWith(`Usage: ${command} `))?.text ?? '';
    const forms = usage.slice(`Usage: ${command} `.length).split(' | ');
    const synopsis = blocks.find((block) => block.language === '' && block.text.startsWith(`${command} `))?.text ?? '';
    expect(forms.length).toBeGreaterThan(1);
    expect(synopsis.split('\n').map((line) => line.slice(`${command} `.length).replaceAll('...>', '>'))).toEqual(forms);
  });
});
