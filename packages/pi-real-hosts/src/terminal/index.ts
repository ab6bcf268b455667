// The terminal harness: a real Pi's interactive UI in a pseudo-terminal, read through a headless xterm.
export { PiTerminal, startPiTerminal } from './pi-terminal.js';
export { keySequence } from './keys.js';
export type { CellColour, StyledRun } from './screen.js';
