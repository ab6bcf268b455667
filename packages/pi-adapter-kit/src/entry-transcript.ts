import { customEntriesOnBranch, type PayloadRead } from './branch-entry.js';
import type { PiCustomEntryPort, PiEntryRenderer, PiExtensionPort, PiSessionManagerPort } from './port.js';
import { segment, styledLinesComponent, type StyledLine } from './styled-line.js';

// The durable transcript (Pi 0.84+): each saved entry of an adapter's type draws one line in the
// chat saying what changed. An entry holds only the new state, so the line compares it with the
// entry of the same type before it on the current branch; lines are computed once per entry id.

export interface EntryTranscriptOptions<TValue> {
  readonly customType: string;
  /** Shown before each line, e.g. `Agent State`. */
  readonly title: string;
  readonly read: (data: unknown) => PayloadRead<TValue, string>;
  /** What changed from `previous` (undefined for the first entry of a branch) to `next`. */
  readonly describe: (previous: TValue | undefined, next: TValue) => string;
}

export interface EntryTranscript {
  /** The session whose branch the lines are read from; set again at every session start and tree move. */
  follow(sessionManager: PiSessionManagerPort): void;
  lineOf(entry: PiCustomEntryPort): string;
  readonly render: PiEntryRenderer;
}

const UNREADABLE = 'unreadable saved state';

/** Registers the transcript where Pi draws custom entries (0.84 and later); 0.73 has no entry renderer. */
export function registerEntryTranscript<TValue>(
  pi: Pick<PiExtensionPort, 'registerEntryRenderer'>,
  options: EntryTranscriptOptions<TValue>,
): EntryTranscript | undefined {
  if (pi.registerEntryRenderer === undefined) {
    return undefined;
  }
  const transcript = createEntryTranscript(options);
  pi.registerEntryRenderer(options.customType, transcript.render);
  return transcript;
}

export function createEntryTranscript<TValue>(options: EntryTranscriptOptions<TValue>): EntryTranscript {
  const lines = new Map<string, string>();
  let session: PiSessionManagerPort | undefined;

  function readBranch(): void {
    let previous: TValue | undefined;
    for (const entry of customEntriesOnBranch(session?.getBranch() ?? [], options.customType)) {
      const read = options.read(entry.data);
      lines.set(entry.id, read.ok ? options.describe(previous, read.value) : UNREADABLE);
      previous = read.ok ? read.value : undefined;
    }
  }

  function lineOf(entry: PiCustomEntryPort): string {
    if (!lines.has(entry.id)) {
      readBranch();
    }
    const known = lines.get(entry.id);
    if (known !== undefined) {
      return known;
    }
    // Not on the branch Pi last reported: described against nothing rather than guessed.
    const read = options.read(entry.data);
    return read.ok ? options.describe(undefined, read.value) : UNREADABLE;
  }

  return {
    follow(sessionManager) {
      session = sessionManager;
    },
    lineOf,
    render: (entry, _options, theme) => {
      const line: StyledLine = [segment(`◆ ${options.title}: `, 'accent'), segment(lineOf(entry), 'muted')];
      return styledLinesComponent(() => [line], theme);
    },
  };
}
