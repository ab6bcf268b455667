import { describe, expect, it } from 'vitest';
import { warningLines } from '../src/startup-warnings.js';

const PI_16_WARNING =
  'Warning: Extension package "/tmp/x/node_modules/@j1nn0/agent-state-pi/package.json": Host-provided extension packages must be declared in peerDependencies with a "*" range, not dependencies: @sinclair/typebox.';

describe('warningLines', () => {
  it('finds the warning Pi 1.6 prints for a host package declared as a dependency', () => {
    expect(warningLines(`Loading...\n${PI_16_WARNING}\n`)).toEqual([PI_16_WARNING]);
  });

  it('finds an extension-issues block and a line naming our package with an error', () => {
    const output = '[Extension issues]\nFailed to load extension /p/node_modules/@j1nn0/agent-context-guard-pi: boom\nok';
    expect(warningLines(output)).toEqual([
      '[Extension issues]',
      'Failed to load extension /p/node_modules/@j1nn0/agent-context-guard-pi: boom',
    ]);
  });

  it('finds a warning in any case, Node process warnings included', () => {
    expect(warningLines('(node:12) ExperimentalWarning: x\nWARNING: y')).toEqual(['(node:12) ExperimentalWarning: x', 'WARNING: y']);
  });

  it('passes ordinary output, our package names without a problem included', () => {
    expect(warningLines('Installing /w/packages/agent-state-pi...\nInstalled /w/packages/agent-state-pi\n')).toEqual([]);
  });
});
