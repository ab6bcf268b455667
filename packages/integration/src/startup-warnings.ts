// Which lines of Pi's output tell a person that something about an extension is wrong. Pi 1.6
// prints packaging problems as `Warning: Extension package ...` on stderr (no error, exit code 0),
// so only reading the output catches them.

const WARNING = /warning/iu;
const EXTENSION_ISSUES = /extension issues/iu;
const OUR_PACKAGES = /@j1nn0\/|agent-state-pi|agent-context-guard-pi/u;
const TROUBLE = /error|fail|invalid|cannot|could not|not found|must be/iu;

/** The lines of `output` that warn, report extension issues, or name one of our packages with a problem. */
export function warningLines(output: string): string[] {
  return output
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => WARNING.test(line) || EXTENSION_ISSUES.test(line) || (OUR_PACKAGES.test(line) && TROUBLE.test(line)));
}
