import type { PayloadRead } from './branch-entries.js';
import { branchHistory } from './branch-entries.js';
import type { PiCustomEntryPort, PiEntryRenderer, PiExtensionPort, PiSessionManagerPort } from './port.js';
import { segment, styledLinesComponent, type StyledLine } from './styled-line.js';

// The durable transcript (Pi 0.84+): each saved entry of an adapter's type draws one line in the
// chat saying what changed. An entry holds only the new state, so the line compares it with the
// entry of the same type before it on the current branch; lines and values are computed once per entry id.

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
  // Each saved entry is read once: entries never change, and reading one validates a whole state,
  // so a new entry costs one read however long the branch is. Undefined marks an unreadable one.
  const values = new Map<string, TValue | undefined>();
  let session: PiSessionManagerPort | undefined;

  function valueOf(entry: Pick<PiCustomEntryPort, 'id' | 'data'>): TValue | undefined {
    if (values.has(entry.id)) {
      return values.get(entry.id);
    }
    const read = options.read(entry.data);
    const value = read.ok ? read.value : undefined;
    values.set(entry.id, value);
    return value;
  }

  function readBranch(): void {
    for (const { entryId, value, previous } of branchHistory(session?.getBranch() ?? [], options.customType, valueOf)) {
      if (!lines.has(entryId)) {
        lines.set(entryId, value === undefined ? UNREADABLE : options.describe(previous, value));
      }
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
    const value = valueOf(entry);
    return value === undefined ? UNREADABLE : options.describe(undefined, value);
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
