import type { StyledRun } from '@j1nn0/pi-real-hosts/terminal';
import { describe, expect, it } from 'vitest';
import { renderPictureSvg } from '../src/demo/picture-svg.js';
import { DEMO_COLOURS, paletteColour, runColours } from '../src/demo/terminal-colours.js';

const plain: StyledRun = { column: 0, text: '', fg: 'default', bg: 'default', bold: false, dim: false, italic: false, underline: false, inverse: false };
const run = (column: number, text: string, style: Partial<StyledRun> = {}): StyledRun => ({ ...plain, column, text, ...style });

describe('runColours', () => {
  it('resolves the default colours, palette entries and 24-bit colours', () => {
    expect(runColours(run(0, 'x'))).toEqual({ fg: DEMO_COLOURS.foreground, bg: DEMO_COLOURS.background });
    expect(runColours(run(0, 'x', { fg: 'palette:1', bg: '#283228' }))).toEqual({ fg: '#cc6666', bg: '#283228' });
  });

  it('swaps the colours of an inverse cell and blends a dim one toward the background', () => {
    expect(runColours(run(0, ' ', { inverse: true }))).toEqual({ fg: DEMO_COLOURS.background, bg: DEMO_COLOURS.foreground });
    expect(runColours(run(0, 'x', { dim: true, fg: '#ffffff', bg: '#000000' })).fg).toBe('#8c8c8c');
  });
});

describe('paletteColour', () => {
  it("is xterm's cube and grey ramp past the scheme's sixteen", () => {
    expect(paletteColour(2)).toBe('#b5bd68');
    expect(paletteColour(16)).toBe('#000000');
    expect(paletteColour(196)).toBe('#ff0000');
    expect(paletteColour(244)).toBe('#808080');
  });
});

describe('renderPictureSvg', () => {
  const picture = {
    title: 'pi — ~/x',
    description: 'a <test> & its "picture"',
    cols: 10,
    rows: [[run(0, ' ✓ ok ', { fg: 'palette:2', bold: true }), run(6, '界 ', { italic: true }), run(9, ' ', { inverse: true })], []],
  };

  it('places each run on its cells, without its blank ends, stretched to exactly their width', () => {
    const svg = renderPictureSvg(picture);
    expect(svg).toContain('<text x="25" y="60" textLength="36" lengthAdjust="spacingAndGlyphs" fill="#b5bd68" font-weight="bold">✓ ok</text>');
    // The wide character takes two cells.
    expect(svg).toContain('<text x="70" y="60" textLength="18" lengthAdjust="spacingAndGlyphs" fill="#c5c8c6" font-style="italic">界</text>');
  });

  it('draws a background only where a cell has one of its own (here the inverse cursor)', () => {
    const svg = renderPictureSvg(picture);
    expect(svg.match(/<rect x="97"/gu)).toHaveLength(1);
    expect(svg).toContain(`<rect x="97" y="46" width="9" height="19" fill="${DEMO_COLOURS.foreground}"/>`);
  });

  it('escapes the words around the screen and is the same text for the same screen', () => {
    const svg = renderPictureSvg(picture);
    expect(svg).toContain('<title>a &lt;test&gt; &amp; its &quot;picture&quot;</title>');
    expect(renderPictureSvg(picture)).toBe(svg);
  });
});
