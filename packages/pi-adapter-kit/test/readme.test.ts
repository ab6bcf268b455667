import { readFileSync, readdirSync } from 'node:fs';
import { expect, test } from 'vitest';

// The README is the map of the kit: a module it does not name is one a reader cannot find, and a
// name it keeps after a module went points nowhere.

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const modules = readdirSync(new URL('../src/', import.meta.url)).filter((file) => file.endsWith('.ts'));

test('the README names every module of src/ and no other', () => {
  const named = new Set(Array.from(readme.matchAll(/`([a-z-]+\.ts)`/gu), (match) => match[1]));
  expect([...named].sort()).toEqual([...modules].sort());
});
