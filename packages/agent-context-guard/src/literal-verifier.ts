import { invalidInput } from './errors.js';
import { isStructuredData, readPlainRecord } from './plain-data.js';
import type { ContextFinding, ContextItem, ContextVerifier, LiteralVerifierOptions } from './types.js';
import { parseContextText, readOption } from './validation.js';

const OPTION_KEYS: readonly string[] = ['caseSensitive', 'normalizeWhitespace'];

/**
 * A verifier that calls an item `preserved` when its content, normalized, occurs verbatim in the
 * normalized context, and `lost` otherwise. It cannot recognise a paraphrase, so it never says `changed`.
 */
export function createLiteralVerifier(options: LiteralVerifierOptions = {}): ContextVerifier {
  const rules = parseLiteralVerifierOptions(options);
  const normalize = (text: string): string => normalizeLiteralText(text, rules);
  return (input) => {
    const items = readVerifierItems(readOption(input, 'items', 'input'));
    // Normalized once per call: the context may be large, the items are usually small.
    const context = normalize(parseContextText(readOption(input, 'context', 'input')));
    return items.map(
      (item): ContextFinding => ({
        id: item.id,
        status: context.includes(normalize(item.content)) ? 'preserved' : 'lost',
      }),
    );
  };
}

/**
 * Collapses every whitespace run to one space and trims, then lower-cases, as the rules ask.
 * Only runs that are not already a single space are rewritten, which spares most of the
 * replacements in ordinary prose; the result equals replacing `/\s+/gu` with one space.
 */
export function normalizeLiteralText(text: string, rules: Required<LiteralVerifierOptions>): string {
  const spaced = rules.normalizeWhitespace ? text.replace(/\s{2,}|[^\S ]/gu, ' ').trim() : text;
  return rules.caseSensitive ? spaced : spaced.toLowerCase();
}

function parseLiteralVerifierOptions(value: unknown): Required<LiteralVerifierOptions> {
  const fields = isStructuredData(value) ? readPlainRecord(value) : undefined;
  if (fields === undefined) {
    throw invalidInput('literal verifier options must be a plain object');
  }
  for (const key of fields.keys()) {
    if (!OPTION_KEYS.includes(key)) {
      throw invalidInput('literal verifier options have an unknown key');
    }
  }
  return {
    caseSensitive: readBooleanOption(fields, 'caseSensitive', false),
    normalizeWhitespace: readBooleanOption(fields, 'normalizeWhitespace', true),
  };
}

function readBooleanOption(fields: ReadonlyMap<string, unknown>, key: string, fallback: boolean): boolean {
  const value = fields.has(key) ? fields.get(key) : fallback;
  if (typeof value !== 'boolean') {
    throw invalidInput(`literal verifier option ${key} must be a boolean`);
  }
  return value;
}

/** The verifier may be called directly, so the shape it relies on is checked, not assumed. */
function readVerifierItems(value: unknown): readonly Pick<ContextItem, 'id' | 'content'>[] {
  if (!Array.isArray(value)) {
    throw invalidInput('items must be an array');
  }
  return (value as readonly unknown[]).map((item, index) => {
    const id = readOption(item, 'id', `items[${index}]`);
    const content = readOption(item, 'content', `items[${index}]`);
    if (typeof id !== 'string' || typeof content !== 'string') {
      throw invalidInput(`items[${index}] must have a string id and content`);
    }
    return { id, content };
  });
}
