export { DEFAULT_QUIET_MS, DEFAULT_TERMINAL_WAIT_MS, PiTerminal, isStartedScreen, startPiTerminal, type StartPiTerminalOptions } from './pi-terminal.js';
export { keySequence, type KeyName, type NamedKey } from './keys.js';
export { allStyledRuns, backgroundOf, foregroundOf, styledRuns, visibleLines, type CellColour, type StyledRun } from './screen.js';
