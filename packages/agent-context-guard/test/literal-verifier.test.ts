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

async function statusOf(content: string, context: string, options?: LiteralVerifierOptions): Promise<string | undefined> {
  const item: ContextItemInput = { id: 'item', kind: 'requirement', content };
  const report = await verifyContext({ snapshot: snapshotOf(item), context, verifier: createLiteralVerifier(options) });
  return report.findings[0]?.status;
}

describe('createLiteralVerifier with default options', () => {
  test.each([
    ['an exact copy', 'Use pnpm', 'Use pnpm'],
    ['content inside longer text', 'Use pnpm', 'We agreed: use pnpm for installs.'],
    ['different letter case', 'Use PNPM', 'use pnpm'],
    ['line breaks and tabs instead of spaces', 'Keep the API\tstable', 'keep\nthe   API \r\n stable'],
    ['Unicode spaces', 'Keep the API stable', 'Keep\u00a0the\u2003API\u3000stable'],
    ['content with padding and inner runs', '  Keep   the API\n', 'keep the api'],
  ])('reports %s as preserved', async (_name, content, context) => {
    expect(await statusOf(content, context)).toBe('preserved');
  });

  test.each([
    ['a paraphrase', 'Use pnpm', 'Install with pnpm'],
    ['an empty context', 'Use pnpm', ''],
    ['a copy with a word missing', 'Keep the API stable', 'Keep API stable'],
    ['words joined without the space between them', 'Use pnpm', 'Usepnpm'],
  ])('reports %s as lost', async (_name, content, context) => {
    expect(await statusOf(content, context)).toBe('lost');
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
});

describe('createLiteralVerifier options', () => {
  test('caseSensitive: true requires the same letter case', async () => {
    expect(await statusOf('Use pnpm', 'use pnpm', { caseSensitive: true })).toBe('lost');
    expect(await statusOf('Use pnpm', 'we Use pnpm', { caseSensitive: true })).toBe('preserved');
  });

  test('normalizeWhitespace: false requires the same whitespace', async () => {
    expect(await statusOf('Use pnpm', 'use\npnpm', { normalizeWhitespace: false })).toBe('lost');
    expect(await statusOf(' Use pnpm', 'use pnpm', { normalizeWhitespace: false })).toBe('lost');
    expect(await statusOf('Use  pnpm', 'we USE  PNPM', { normalizeWhitespace: false })).toBe('preserved');
  });

  test('both options off is an exact substring match', async () => {
    const options = { caseSensitive: true, normalizeWhitespace: false };
    expect(await statusOf('a\tb', 'xa\tbx', options)).toBe('preserved');
    expect(await statusOf('a\tb', 'xA\tbx', options)).toBe('lost');
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

  test('refuses direct calls whose input does not have the documented shape', () => {
    const verifier = createLiteralVerifier();
    expectContextGuardError(() => verifier({ items: [], context: 5 } as never), {
      code: 'invalid_input',
      message: 'context must be a string',
    });
    expectContextGuardError(() => verifier({ items: [{ id: 'a' }], context: '' } as never), {
      code: 'invalid_input',
      message: 'items[0] must have a string id and content',
    });
    expectContextGuardError(() => verifier({ items: [null], context: '' } as never), {
      code: 'invalid_input',
      message: 'items[0] must be an object',
    });
    expectContextGuardError(() => verifier(undefined as never), { code: 'invalid_input', message: 'input must be an object' });
  });
});
