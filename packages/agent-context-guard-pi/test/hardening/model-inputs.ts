import { commandLine } from '@j1nn0/test-checks';
import fc from 'fast-check';

// Small pools of valid and invalid inputs. Small on purpose: ids repeat often enough to hit duplicates and
// removals of existing items within a 100-step sequence.

/** Three short ids come up most, so removals and duplicates meet existing items often. */
const COMMON_IDS = ['a', 'b', 'c'];
const OTHER_VALID_IDS = ['ship', 'x:y', 'é', '🙂', '__proto__', '--critical', 'goal', 'a'.repeat(64), '🙂'.repeat(64)];

/** Ids that break the id rule but are still one word, so they can be typed into the command. */
const INVALID_WORD_IDS = [
  'a'.repeat(65),
  '🙂'.repeat(65),
  'esc\u001b[2J',
  'bell\u0007',
  'del\u007f',
  'nel\u0085',
  'x\u202ey',
  'iso\u2066',
  'half\ud800',
];

/** Ids only a tool call can carry: empty or with whitespace. */
const INVALID_SPACED_IDS = ['', ' a', 'a b', 'tab\t', '\u00a0', 'line\nbreak'];

const CONTENTS = [
  'A',
  'Add CSV export to the report page',
  '  padded  ',
  'inner  double  spaces',
  'tab\tinside',
  'two\nlines',
  '--critical',
  'esc \u001b[2J clear',
  'bidi \u202e reversed',
  'c1 \u009b and del \u007f',
  'looks like "- [goal, critical] x: y"',
  'x'.repeat(500),
  'y'.repeat(501),
  '🙂'.repeat(500),
  '🙂'.repeat(501),
  '   ',
  '',
];

const KINDS = ['goal', 'constraint', 'requirement', 'decision', 'fact'];
const WRONG_KINDS = ['Goal', 'GOAL', 'goals', 'note', '--critical', ''];
const MODES = ['off', 'critical'];
const WRONG_MODES = ['Critical', 'OFF', 'on', 'none', '--yes'];
const FLAGS = ['--critical', '--critical', '--CRITICAL', '--critical=true', '-c'];

export const idArbitrary = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...COMMON_IDS) },
  { weight: 3, arbitrary: fc.constantFrom(...OTHER_VALID_IDS) },
  { weight: 1, arbitrary: fc.constantFrom(...INVALID_WORD_IDS) },
);
export const toolIdArbitrary = fc.oneof(
  { weight: 6, arbitrary: idArbitrary },
  { weight: 1, arbitrary: fc.constantFrom(...INVALID_SPACED_IDS) },
);
export const contentArbitrary = fc.constantFrom(...CONTENTS);
export const kindArbitrary = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...KINDS) },
  { weight: 1, arbitrary: fc.constantFrom(...WRONG_KINDS) },
);
export const modeArbitrary = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...MODES) },
  { weight: 1, arbitrary: fc.constantFrom(...WRONG_MODES) },
);

/** Command lines that break the grammar: wrong arity, unknown or miscased subcommands, clear without --yes. */
const MALFORMED_ARGS = [
  '',
  '   ',
  'list extra',
  'status now',
  'Status',
  'LIST',
  'remove',
  'remove a b',
  'clear now',
  'clear --yes please',
  'clear --YES',
  'add',
  'add a',
  'add a goal',
  'add a goal --critical',
  'add a goal   --critical   ',
  'recovery',
  'recovery off extra',
  'critical',
  'critical a',
  'critical a yes',
  'critical a ON',
  'critical a on extra',
  'protect a goal x',
  '--yes',
];

const word = (text: string): fc.Arbitrary<string> => fc.constant(text);

/** Arguments after `/context-guard `, weighted per request kind: additions most, clear rarely. */
export const commandArguments: fc.Arbitrary<string> = fc.oneof(
  { weight: 10, arbitrary: commandLine(word('add'), idArbitrary, kindArbitrary, contentArbitrary) },
  { weight: 5, arbitrary: commandLine(word('add'), idArbitrary, kindArbitrary, fc.constantFrom(...FLAGS), contentArbitrary) },
  { weight: 3, arbitrary: commandLine(word('remove'), idArbitrary) },
  { weight: 3, arbitrary: commandLine(word('recovery'), modeArbitrary) },
  { weight: 3, arbitrary: commandLine(word('critical'), idArbitrary, fc.constantFrom('on', 'off')) },
  { weight: 1, arbitrary: commandLine(word('clear')) },
  { weight: 1, arbitrary: commandLine(word('clear'), word('--yes')) },
  { weight: 1, arbitrary: commandLine(word('list')) },
  { weight: 1, arbitrary: commandLine(word('status')) },
  { weight: 3, arbitrary: fc.constantFrom(...MALFORMED_ARGS) },
);

/** `critical` as a model may still send it (the tool has no such parameter): a boolean, `null` (treated as absent), or another value. */
export const criticalArbitrary = fc.oneof(
  { weight: 6, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>('yes', 2, [], {}) },
);
