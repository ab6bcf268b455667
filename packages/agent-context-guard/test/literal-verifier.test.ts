import { describe, expect, test } from 'vitest';
import {
  createLiteralVerifier,
  verifyContext,
  type ContextFinding,
  type ContextItemInput,
  type LiteralVerifierOptions,
} from '../src/index.js';
import { expectContextGuardError } from './support/expect-context-guard-error.js';
import { snapshotOf } from './support/sample-items.js';

// The normalization is exactly "collapse whitespace runs, trim, lower-case", and content is found inside any
// text however its whitespace and case are rewritten, or exactly with both options off (properties.test.ts);
// these show the edges: padding, near misses and each option alone.
describe('createLiteralVerifier', () => {
  const EXACT = { caseSensitive: true, normalizeWhitespace: false };

  test.each<[string, string, string, 'preserved' | 'lost', LiteralVerifierOptions?]>([
    ['Unicode spaces, padding and inner runs', '  Keep   the API\n', 'keep\u00a0the\u2003API\u3000stable', 'preserved'],
    ['a paraphrase', 'Use pnpm', 'Install with pnpm', 'lost'],
    ['an empty context', 'Use pnpm', '', 'lost'],
    ['a copy with a word missing', 'Keep the API stable', 'Keep API stable', 'lost'],
    ['words joined without the space between them', 'Use pnpm', 'Usepnpm', 'lost'],
    ['another case, caseSensitive', 'Use pnpm', 'use pnpm', 'lost', { caseSensitive: true }],
    ['the same case, caseSensitive', 'Use pnpm', 'we Use pnpm', 'preserved', { caseSensitive: true }],
    ['other whitespace, normalizeWhitespace off', 'Use pnpm', 'use\npnpm', 'lost', { normalizeWhitespace: false }],
    ['padding, normalizeWhitespace off', ' Use pnpm', 'use pnpm', 'lost', { normalizeWhitespace: false }],
    ['the same whitespace in another case, normalizeWhitespace off', 'Use  pnpm', 'we USE  PNPM', 'preserved', { normalizeWhitespace: false }],
    ['a substring in another case, both off', 'a\tb', 'xA\tbx', 'lost', EXACT],
  ])('%s: %j in %j is %s', async (_name, content, context, status, options) => {
    const item: ContextItemInput = { id: 'item', kind: 'requirement', content };
    const report = await verifyContext({ snapshot: snapshotOf(item), context, verifier: createLiteralVerifier(options) });
    expect(report.findings[0]?.status).toBe(status);
  });

  test('never reports changed, unknown or anything else', async () => {
    const items = [
      { id: 'a', kind: 'goal', content: 'alpha', critical: false },
      { id: 'b', kind: 'fact', content: 'beta', critical: true },
    ] as const;
    const findings = await createLiteralVerifier()({ items, context: 'Alpha' });
    expect(findings).toEqual<ContextFinding[]>([
      { id: 'a', status: 'preserved' },
      { id: 'b', status: 'lost' },
    ]);
  });

  test.each([
    ['a non-boolean caseSensitive', { caseSensitive: 'yes' }, 'literal verifier option caseSensitive must be a boolean'],
    ['a non-boolean normalizeWhitespace', { normalizeWhitespace: 0 }, 'literal verifier option normalizeWhitespace must be a boolean'],
    ['an unknown option', { ignoreCase: true }, 'literal verifier options have an unknown key'],
    ['options that are not an object', 'strict', 'literal verifier options must be a plain object'],
    ['options in a Proxy', new Proxy({}, {}), 'literal verifier options must be a plain object'],
  ])('refuses %s', (_name, options, message) => {
    expectContextGuardError(() => createLiteralVerifier(options as LiteralVerifierOptions), { code: 'invalid_input', message });
  });

  test.each([
    [{ items: [], context: 5 }, 'context must be a string'],
    [{ items: [{ id: 'a' }], context: '' }, 'items[0] must have a string id and content'],
    [{ items: [null], context: '' }, 'items[0] must be an object'],
    [undefined, 'input must be an object'],
  ])('refuses a direct call with %j: %s', (input, message) => {
    expectContextGuardError(() => createLiteralVerifier()(input as never), { code: 'invalid_input', message });
  });
});
