import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { restoreAgentState } from '../src/index.js';

// The README's "Snapshot format" block is a snapshot the package itself reads and writes back as it
// is, key order included: a change to the format shows here before a reader copies a stale example.

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const section = readme.split(/^### /mu).find((part) => part.startsWith('Snapshot format\n')) ?? '';
const blocks = Array.from(section.matchAll(/^```json\n([\s\S]*?)^```$/gmu), (match) => match[1] ?? '');

test('the snapshot format example restores and comes back unchanged, key order included', () => {
  expect(blocks).toHaveLength(1);
  const example = JSON.parse(blocks[0] ?? '') as unknown;
  expect(JSON.stringify(restoreAgentState(example).snapshot())).toBe(JSON.stringify(example));
});
