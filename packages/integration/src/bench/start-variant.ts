/** A set of extensions to start Pi with; figure 4 compares every one to the empty extension's start. */
export interface StartVariant {
  readonly label: string;
  readonly extensions: readonly string[];
  /** Commands every start must list afterwards (get_commands), so a failed load is never timed. */
  readonly loadedCommands?: readonly string[];
}
