const MESSAGES = {
  'unknown-command': 'fake Pi host: no command registered under this name',
  'unknown-tool': 'fake Pi host: no tool registered under this name',
  'unknown-shortcut': 'fake Pi host: no extension registered this key',
  'no-keyboard': 'fake Pi host: only the terminal UI (mode tui) runs extension shortcuts',
  'unknown-entry': 'fake Pi host: no entry with this id in the session',
  'invalid-fork-target': 'fake Pi host: fork "before" needs a user message entry',
  'stale-extension': 'fake Pi host: extension api or ctx used after its session was replaced or reloaded',
  'runtime-not-ready': 'fake Pi host: action methods cannot be called while the extension factory runs',
  unsupported: 'fake Pi host: this part of the Pi API is not simulated',
  'corrupt-session': 'fake Pi host: parent links of the session form a cycle',
  'no-session-file': 'fake Pi host: the session was never written (no assistant message yet)',
  'shut-down': 'fake Pi host: the host was shut down; restart() starts it again',
  'invalid-boundary-entries': 'fake Pi host: boundary entries Pi would refuse (unknown type, missing field or an entry not on the branch)',
} as const;

/** What went wrong inside the fake host; tests can branch on it without parsing messages. */
export type FakePiHostErrorCode = keyof typeof MESSAGES;

/** The single error class of the fake host: a structural message, never user content. */
export class FakePiHostError extends Error {
  readonly code: FakePiHostErrorCode;

  constructor(code: FakePiHostErrorCode) {
    super(MESSAGES[code]);
    this.name = 'FakePiHostError';
    this.code = code;
  }
}
