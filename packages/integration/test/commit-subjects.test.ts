import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

// `git log --oneline` fits a screen only while subjects are short: at most 72 characters, the detail
// in the body. The rule holds from the commit the project adopted it on; older history stays as it is.

const RULE_ADOPTED_AFTER = 'bb00e8b6bfddb4a3fe975ef780d6e53d9b4b0832';
const MAX_SUBJECT_CHARACTERS = 72;
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

/** Undefined where that history is not here: no git checkout, or a shallow clone that stops short of it. */
function subjectsSinceRule(): string[] | undefined {
  try {
    git('cat-file', '-e', `${RULE_ADOPTED_AFTER}^{commit}`);
    return git('log', '--no-merges', '--format=%s', `${RULE_ADOPTED_AFTER}..HEAD`).split('\n').filter((line) => line !== '');
  } catch {
    return undefined;
  }
}

const subjects = subjectsSinceRule();

test.skipIf(subjects === undefined)(`every commit subject since the rule is at most ${MAX_SUBJECT_CHARACTERS.toString()} characters`, () => {
  const long = (subjects ?? []).filter((subject) => Array.from(subject).length > MAX_SUBJECT_CHARACTERS);
  expect(long).toEqual([]);
});
