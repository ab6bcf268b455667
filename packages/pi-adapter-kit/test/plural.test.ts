import { expect, it } from 'vitest';
import { plural } from '../src/plural.js';

it('puts the noun in the number of the count', () => {
  expect([0, 1, 2].map((count) => plural(count, 'item', 'items'))).toEqual(['0 items', '1 item', '2 items']);
});
