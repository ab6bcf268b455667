import { describe, expect, it } from 'vitest';
import { keySequence, type KeyName } from '../src/terminal/keys.js';

describe('keySequence', () => {
  it('sends a carriage return for enter and ESC for escape', () => {
    expect(keySequence('enter')).toBe('\r');
    expect(keySequence('escape')).toBe('\x1b');
  });

  it('maps ctrl+<letter> to its control character', () => {
    expect(keySequence('ctrl+c')).toBe('\x03');
    expect(keySequence('ctrl+o')).toBe('\x0f');
    expect(keySequence('ctrl+a')).toBe('\x01');
    expect(keySequence('ctrl+z')).toBe('\x1a');
  });

  it('prefixes alt+<letter> with ESC', () => {
    expect(keySequence('alt+b')).toBe('\x1bb');
  });

  it('uses the legacy cursor sequences for the arrows and shift+tab', () => {
    expect([keySequence('up'), keySequence('down'), keySequence('right'), keySequence('left')]).toEqual(['\x1b[A', '\x1b[B', '\x1b[C', '\x1b[D']);
    expect(keySequence('shift+tab')).toBe('\x1b[Z');
    expect(keySequence('tab')).toBe('\t');
  });

  it('rejects a key name it does not know', () => {
    expect(() => keySequence('ctrl+1' as KeyName)).toThrow(/unknown key name/);
    expect(() => keySequence('hyper+x' as KeyName)).toThrow(/unknown key name/);
  });
});
