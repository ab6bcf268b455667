import fc from 'fast-check';
import {
  CONTEXT_FINDING_STATUSES,
  CONTEXT_ITEM_KINDS,
  MAX_CONTEXT_ITEM_CONTENT_LENGTH,
  MAX_CONTEXT_ITEM_ID_LENGTH,
  type ContextGuardSnapshot,
  type ContextItem,
} from '../../src/index.js';

/** At least 1,000 runs a property; FC_NUM_RUNS may raise it, never lower it. */
export const NUM_RUNS = Math.max(1000, Number(process.env.FC_NUM_RUNS) || 0);

export const RESERVED_IDS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
export const WHITESPACE = [' ', '\t', '\n', '\r\n', '\u00a0', '\u2003', '\u2028', '\u3000', '\ufeff'];

/** Non-blank text, lone surrogates included, sometimes padded with whitespace that must be kept. */
export function textArbitrary(): fc.Arbitrary<string> {
  const padding = fc.string({ unit: fc.constantFrom(...WHITESPACE), maxLength: 2 });
  const core = fc
    .oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }))
    .filter((text) => text.trim() !== '');
  return fc.tuple(padding, core, padding).map(([before, text, after]) => `${before}${text}${after}`);
}

/** Ids made of letters, digits and `-`, or names found on Object.prototype: never containing `#`. */
export const plainIdArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.stringMatching(/^[a-z0-9-]{1,8}$/),
  fc.constantFrom(...RESERVED_IDS),
);

export function itemArbitrary(id: fc.Arbitrary<string> = fc.oneof(textArbitrary(), plainIdArbitrary)): fc.Arbitrary<ContextItem> {
  return fc
    .record({ id, kind: fc.constantFrom(...CONTEXT_ITEM_KINDS), content: textArbitrary(), critical: fc.boolean() })
    .map(({ id: itemId, kind, content, critical }) => ({ id: itemId, kind, content, critical }));
}

export function snapshotArbitrary(
  options: { readonly id?: fc.Arbitrary<string>; readonly minItems?: number } = {},
): fc.Arbitrary<ContextGuardSnapshot> {
  return fc
    .uniqueArray(itemArbitrary(options.id), { selector: (item) => item.id, minLength: options.minItems ?? 0, maxLength: 8 })
    .map((items) => ({ schemaVersion: 1 as const, items }));
}

/** Values a field may be given: valid ones, near misses, and values of the wrong type. */
export const fieldValueArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  textArbitrary(),
  fc.constantFrom<unknown>(...CONTEXT_ITEM_KINDS, ...CONTEXT_FINDING_STATUSES, 'Goal', 'wish', '', ' \n', '\uD800', true, false, 0, 1, null),
  fc.constantFrom('x'.repeat(MAX_CONTEXT_ITEM_ID_LENGTH + 1), 'x'.repeat(MAX_CONTEXT_ITEM_CONTENT_LENGTH + 1)),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Objects that are sometimes valid items and mostly not: any subset of the known keys, maybe one more. */
export const itemLikeArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  fc.record(
    {
      id: fc.oneof(plainIdArbitrary, fieldValueArbitrary),
      kind: fc.oneof(fc.constantFrom(...CONTEXT_ITEM_KINDS), fieldValueArbitrary),
      content: fc.oneof(textArbitrary(), fieldValueArbitrary),
      critical: fc.oneof(fc.boolean(), fieldValueArbitrary),
      extra: fieldValueArbitrary,
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
);
