import { describe, expect, it } from 'vitest';
import { onOptionalEvent } from '../src/optional-event.js';
import type { PiExtensionPort } from '../src/port.js';

describe('onOptionalEvent', () => {
  it('registers the handler under the event name with the host, as Pi stores every handler', () => {
    const registered: [string, unknown][] = [];
    const pi = { on: (name: string, handler: unknown) => registered.push([name, handler]) } as unknown as PiExtensionPort;
    const handler = (): void => undefined;

    onOptionalEvent(pi, 'session_compact_failed', handler);

    expect(registered).toEqual([['session_compact_failed', handler]]);
  });
});
