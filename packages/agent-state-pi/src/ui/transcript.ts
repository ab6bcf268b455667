import {
  customEntriesOnBranch,
  segment,
  styledLinesComponent,
  type PiCustomEntryPort,
  type PiEntryRenderer,
  type PiSessionManagerPort,
  type StyledLine,
} from '@j1nn0/pi-adapter-kit';
import { STATE_ENTRY_TYPE, readStatePayload } from '../persistence.js';
import { describeChange } from './change-line.js';

// The durable transcript (Pi 0.84+): each saved state entry draws one line in the chat saying what
// changed. The entry holds only the new snapshot, so the line compares it with the state entry
// before it on the current branch; lines are computed once per entry id and kept.

export interface StateTranscript {
  /** The session whose branch the lines are read from; set again at every session start and tree move. */
  follow(sessionManager: PiSessionManagerPort): void;
  /** The change line of one saved entry. */
  lineOf(entry: PiCustomEntryPort): string;
  readonly render: PiEntryRenderer;
}

export function createStateTranscript(): StateTranscript {
  const lines = new Map<string, string>();
  let session: PiSessionManagerPort | undefined;

  function readBranch(): void {
    let previous;
    for (const entry of customEntriesOnBranch(session?.getBranch() ?? [], STATE_ENTRY_TYPE)) {
      const read = readStatePayload(entry.data);
      lines.set(entry.id, read.ok ? describeChange(previous, read.value) : 'unreadable saved state');
      previous = read.ok ? read.value : undefined;
    }
  }

  function lineOf(entry: PiCustomEntryPort): string {
    const known = lines.get(entry.id);
    if (known !== undefined) {
      return known;
    }
    readBranch();
    const line = lines.get(entry.id);
    if (line !== undefined) {
      return line;
    }
    // Not on the branch Pi last reported: described against nothing rather than guessed.
    const read = readStatePayload(entry.data);
    return read.ok ? describeChange(undefined, read.value) : 'unreadable saved state';
  }

  return {
    follow(sessionManager) {
      session = sessionManager;
    },
    lineOf,
    render: (entry, _options, theme) => {
      const line: StyledLine = [segment('◆ Agent State: ', 'accent'), segment(lineOf(entry), 'muted')];
      return styledLinesComponent(() => [line], theme);
    },
  };
}
