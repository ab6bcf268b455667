import { describe, expect, test } from 'vitest';
import { AgentStateError } from '../src/index.js';
import { parseUntrusted, readPlainArray, readPlainObject } from '../src/plain-data.js';
import { catchAgentStateError } from './expect-agent-state-error.js';

describe('parseUntrusted', () => {
  test('returns what the parser returns for plain data', () => {
    expect(parseUntrusted({ a: 1 }, 'input', (value) => readPlainObject(value, 'input', ['a']).get('a'))).toBe(1);
  });

  test('turns any other error thrown while parsing into invalid_input', () => {
    const error = catchAgentStateError(() =>
      parseUntrusted({}, 'input', () => {
        throw new TypeError('parser bug');
      }),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe('input must contain only plain data');
  });

  test('passes its own errors through unchanged', () => {
    const own = new AgentStateError('duplicate_item_id', 'workItems[1].id repeats an earlier work item id', 'a');
    expect(
      catchAgentStateError(() =>
        parseUntrusted({}, 'input', () => {
          throw own;
        }),
      ),
    ).toBe(own);
  });

  test('never calls the parser when the value cannot be cloned', () => {
    let called = false;
    catchAgentStateError(() => {
      parseUntrusted(new Proxy({}, {}), 'input', () => {
        called = true;
      });
    });
    expect(called).toBe(false);
  });
});

describe('readPlainObject and readPlainArray', () => {
  test('return own data properties and elements as copies', () => {
    const fields = readPlainObject({ __proto__: null, id: 'a' }, 'item', ['id']);
    expect([...fields]).toEqual([['id', 'a']]);
    const source = ['x', 'y'];
    const elements = readPlainArray(source, 'list');
    expect(elements).toEqual(['x', 'y']);
    expect(elements).not.toBe(source);
  });

  test('reject a huge sparse array without walking it', () => {
    expect(() => readPlainArray(new Array(2 ** 31), 'list')).toThrow('list must be an array without holes or extra properties');
  });
});
