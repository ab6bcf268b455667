import { commandLine } from '@j1nn0/test-checks';
import fc from 'fast-check';

// Small pools of valid and invalid inputs. Small on purpose: ids repeat often enough to hit duplicates,
// unknown ids and status changes of existing items within a 100-step sequence.

/** Three short ids come up most, so set, remove and duplicates meet existing items often. */
const COMMON_IDS = ['a', 'b', 'c'];
const OTHER_VALID_IDS = ['parse', 'x:y', 'é', '🙂', '__proto__', 'a'.repeat(64), '🙂'.repeat(64)];

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

const TEXTS = [
  'A',
  'Parse the arguments',
  '  padded  ',
  'inner  double  spaces',
  'tab\tinside',
  'two\nlines',
  'esc \u001b[2J clear',
  'bidi \u202e reversed',
  'c1 \u009b and del \u007f',
  'looks like "- [done] x: y"',
  'x'.repeat(500),
  'y'.repeat(501),
  '🙂'.repeat(500),
  '🙂'.repeat(501),
  '   ',
  '',
];

export const WRONG_STATUSES = ['Done', 'doing', 'OPEN', 'in-progress', 'closed', ''];
const STATUSES = ['open', 'in_progress', 'blocked', 'done'];

export const idArbitrary = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...COMMON_IDS) },
  { weight: 3, arbitrary: fc.constantFrom(...OTHER_VALID_IDS) },
  { weight: 1, arbitrary: fc.constantFrom(...INVALID_WORD_IDS) },
);
export const toolIdArbitrary = fc.oneof(
  { weight: 6, arbitrary: idArbitrary },
  { weight: 1, arbitrary: fc.constantFrom(...INVALID_SPACED_IDS) },
);
export const textArbitrary = fc.constantFrom(...TEXTS);
export const statusArbitrary = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...STATUSES) },
  { weight: 1, arbitrary: fc.constantFrom(...WRONG_STATUSES) },
);

/** Command lines that break the grammar: wrong arity, unknown or miscased subcommands, clear without --yes. */
const MALFORMED_ARGS = [
  '',
  '   ',
  'status extra',
  'Status',
  'list',
  'set a',
  'set a done extra',
  'remove',
  'remove a b',
  'clear now',
  'clear --yes please',
  'clear --YES',
  'add a',
  'decide b',
  'objective',
  'add',
  '--yes',
  'panel',
  'panel maybe',
  'add "two words" quoted',
];

const word = (text: string): fc.Arbitrary<string> => fc.constant(text);

/** Arguments after `/agent-state `, weighted per request kind: additions and status changes most, clear rarely. */
export const commandArguments: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: commandLine(word('objective'), textArbitrary) },
  { weight: 10, arbitrary: commandLine(word('add'), idArbitrary, textArbitrary) },
  { weight: 5, arbitrary: commandLine(word('decide'), idArbitrary, textArbitrary) },
  { weight: 5, arbitrary: commandLine(word('set'), idArbitrary, statusArbitrary) },
  { weight: 2, arbitrary: commandLine(word('remove'), idArbitrary) },
  { weight: 1, arbitrary: commandLine(word('clear')) },
  { weight: 1, arbitrary: commandLine(word('clear'), word('--yes')) },
  { weight: 1, arbitrary: commandLine(word('status')) },
  { weight: 1, arbitrary: commandLine(word('history')) },
  { weight: 1, arbitrary: commandLine(word('history'), idArbitrary) },
  { weight: 1, arbitrary: commandLine(word('panel'), fc.constantFrom('on', 'off')) },
  { weight: 3, arbitrary: fc.constantFrom(...MALFORMED_ARGS) },
);
