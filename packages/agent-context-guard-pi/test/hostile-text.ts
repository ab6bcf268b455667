import { hostileStringArbitrary } from '@j1nn0/test-checks';
import type fc from 'fast-check';

// The words the command grammar gives a meaning to, so hostile text also lands in every branch of it.
const GRAMMAR_WORDS = ['--critical', '--yes', 'goal', 'fact', 'critical', 'off'];

/** Any string, hostile to a terminal or to the `/context-guard` grammar. */
export const hostileString: fc.Arbitrary<string> = hostileStringArbitrary(GRAMMAR_WORDS);
