import agentStateExtension, { type PiExtensionPort } from '@j1nn0/agent-state-pi';
import contextGuardExtension from '@j1nn0/agent-context-guard-pi';

// Test-only: both adapters loaded and registered (their command, tools, shortcut and renderers) but
// deaf to Pi's events, so nothing is restored at a start. Against the empty extension it shows what
// importing and registering the adapters costs a resume; the full adapters against it, what their
// start handlers cost (the restore, since when, the panel and the footer).

function withoutEvents(pi: PiExtensionPort): PiExtensionPort {
  return new Proxy(pi, {
    get: (target, key, receiver): unknown => (key === 'on' ? (): undefined => undefined : Reflect.get(target, key, receiver)),
  });
}

export default function adaptersWithoutEvents(pi: PiExtensionPort): void {
  const deaf = withoutEvents(pi);
  agentStateExtension(deaf);
  contextGuardExtension(deaf);
}
