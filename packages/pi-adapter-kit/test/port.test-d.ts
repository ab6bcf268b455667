import type {
  ExtensionAPI as MariozechnerExtensionAPI,
  ExtensionFactory as MariozechnerExtensionFactory,
} from '@mariozechner/pi-coding-agent';
import type {
  ExtensionAPI as EarendilExtensionAPI,
  ExtensionFactory as EarendilExtensionFactory,
} from '@earendil-works/pi-coding-agent';
import { describe, expectTypeOf, it } from 'vitest';
import type { PiExtensionPort } from '../src/port.js';

// Both adapters' default exports take the kit's port (`(pi: PiExtensionPort) => void`), so an extension
// typed against it is one Pi calls on either scope; the type checker holds each adapter to that signature.
type AdapterExtension = (pi: PiExtensionPort) => void;
declare const extension: AdapterExtension;

describe('an extension on the port against both Pi scopes', () => {
  it('accepts the ExtensionAPI of @mariozechner/pi-coding-agent 0.73', () => {
    expectTypeOf(extension).toBeCallableWith(null as unknown as MariozechnerExtensionAPI);
    expectTypeOf(extension).toExtend<MariozechnerExtensionFactory>();
  });

  it('accepts the ExtensionAPI of @earendil-works/pi-coding-agent 0.84', () => {
    expectTypeOf(extension).toBeCallableWith(null as unknown as EarendilExtensionAPI);
    expectTypeOf(extension).toExtend<EarendilExtensionFactory>();
  });

  it('is checked against real Pi types, not any', () => {
    expectTypeOf<MariozechnerExtensionAPI>().not.toBeAny();
    expectTypeOf<EarendilExtensionAPI>().not.toBeAny();
  });
});
