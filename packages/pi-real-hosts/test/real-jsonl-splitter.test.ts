import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonlSplitter } from '../src/real/jsonl-splitter.js';

function splitAll(chunks: readonly (Buffer | string)[]): string[] {
  const splitter = new JsonlSplitter();
  return [...chunks.flatMap((chunk) => splitter.push(chunk)), ...splitter.end()];
}

describe('JsonlSplitter', () => {
  it('keeps U+2028 and U+2029 inside a record', () => {
    const record = JSON.stringify({ type: 'notify', message: 'a\u2028b\u2029c' });
    expect(splitAll([`${record}\n`])).toEqual([record]);
  });

  it('drops a trailing CR and skips blank lines', () => {
    expect(splitAll(['{"a":1}\r\n\n  \n{"b":2}\n'])).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('holds a partial line until its newline or the end of the stream', () => {
    const splitter = new JsonlSplitter();
    expect(splitter.push('{"a":')).toEqual([]);
    expect(splitter.push('1}\n{"b"')).toEqual(['{"a":1}']);
    expect(splitter.end()).toEqual(['{"b"']);
  });

  it('yields the same records however the bytes are chunked, multi-byte characters included', () => {
    const records = fc.array(fc.string({ unit: 'grapheme' }).map((text) => JSON.stringify({ type: 'x', text })), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(records, fc.array(fc.nat(), { maxLength: 8 }), (lines, cuts) => {
        const bytes = Buffer.from(lines.map((line) => `${line}\n`).join(''), 'utf8');
        const offsets = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((left, right) => left - right);
        const chunks = [0, ...offsets].map((start, index) => bytes.subarray(start, [...offsets, bytes.length][index]));
        expect(splitAll(chunks)).toEqual(lines);
      }),
    );
  });
});
