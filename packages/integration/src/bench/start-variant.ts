/** A set of extensions to start Pi with; `bare` is the anchor every other one is compared to. */
export interface StartVariant {
  readonly label: string;
  readonly extensions: readonly string[];
  /** Commands every start must list afterwards (get_commands), so a failed load is never timed. */
  readonly loadedCommands?: readonly string[];
}
