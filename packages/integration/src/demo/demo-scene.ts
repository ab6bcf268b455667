import type { PiTerminal } from '@j1nn0/pi-testkit/terminal';
import type { ScreenPicture } from './screen-picture.js';

/** One picture: what is typed into Pi and what the model answers, and where the picture is kept. */
export interface DemoScene {
  /** Names the scene's sandbox and its log lines. */
  readonly name: string;
  /** The committed SVG; the PNG sits beside it with the same name. */
  readonly picturePath: URL;
  readonly description: string;
  readonly play: (terminal: PiTerminal) => Promise<ScreenPicture>;
}
