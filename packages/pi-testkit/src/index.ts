// Fake Pi host: an in-memory, Pi-faithful host for fast adapter tests. The suites both adapters run
// on it are at `./adapter-suites`; real Pi hosts are in @j1nn0/pi-real-hosts.
export { createFakePiHost, FakePiHost, type FakePiHostOptions } from './fake-host/fake-host.js';
export { FakePiHostError } from './fake-host/errors.js';
export { toolResultText } from './fake-host/tool-call.js';
export type { FakeExtensionApi } from './fake-host/extension-api.js';
export type { Notification } from './fake-host/fake-ui.js';
