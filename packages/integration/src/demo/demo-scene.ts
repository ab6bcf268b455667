import type { PiTerminal } from '@j1nn0/pi-real-hosts/terminal';

/** One picture: what is typed into Pi and what the model answers (the picture is the screen it leaves), and where it is kept. */
export interface DemoScene {
  /** Names the scene's sandbox and its log lines. */
  readonly name: string;
  /** The committed SVG; the PNG sits beside it with the same name. */
  readonly picturePath: URL;
  readonly description: string;
  readonly play: (terminal: PiTerminal) => Promise<void>;
}

/**
 * A scene whose picture is `media/<picture>.svg` in the adapter's package folder: `terminal` opens its
 * README, another one illustrates a docs page.
 */
export function demoScene(name: string, adapterFolder: string, description: string, play: DemoScene['play'], picture = 'terminal'): DemoScene {
  // src/demo and dist/demo both sit three levels below packages/.
  return { name, picturePath: new URL(`../../../${adapterFolder}/media/${picture}.svg`, import.meta.url), description, play };
}
