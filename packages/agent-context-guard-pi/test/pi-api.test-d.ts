import type {
  ExtensionAPI as MariozechnerExtensionAPI,
  ExtensionFactory as MariozechnerExtensionFactory,
} from '@mariozechner/pi-coding-agent';
import type {
  ExtensionAPI as EarendilExtensionAPI,
  ExtensionFactory as EarendilExtensionFactory,
} from '@earendil-works/pi-coding-agent';
import { describe, expectTypeOf, it } from 'vitest';
import contextGuardExtension from '../src/extension.js';

describe('the default export against both Pi scopes', () => {
  it('accepts the ExtensionAPI of @mariozechner/pi-coding-agent 0.73', () => {
    expectTypeOf(contextGuardExtension).toBeCallableWith(null as unknown as MariozechnerExtensionAPI);
    expectTypeOf(contextGuardExtension).toExtend<MariozechnerExtensionFactory>();
  });

  it('accepts the ExtensionAPI of @earendil-works/pi-coding-agent 0.84', () => {
    expectTypeOf(contextGuardExtension).toBeCallableWith(null as unknown as EarendilExtensionAPI);
    expectTypeOf(contextGuardExtension).toExtend<EarendilExtensionFactory>();
  });

  it('is checked against real Pi types, not any', () => {
    expectTypeOf<MariozechnerExtensionAPI>().not.toBeAny();
    expectTypeOf<EarendilExtensionAPI>().not.toBeAny();
  });
});
