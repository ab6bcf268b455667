// What each host the adapters run in does differently, as data: Pi's release lines, oh-my-pi, and the
// fake host, which mirrors one Pi line. The host contract checks these facts against every host.
export * from './host-facts.js';
export * from './pi-release-lines.js';
