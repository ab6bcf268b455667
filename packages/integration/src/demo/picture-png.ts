import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';

// Pi's package gallery takes PNG, JPEG, GIF or WebP, not SVG. The PNG is the SVG rasterised with
// these font files only (no system font lookup), so the same SVG gives the same bytes on every
// machine that has them: Debian's fonts-dejavu-core and fonts-dejavu-extra.

const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
export const PICTURE_FONT_FILES: readonly string[] = [
  'DejaVuSansMono.ttf',
  'DejaVuSansMono-Bold.ttf',
  'DejaVuSansMono-Oblique.ttf',
  'DejaVuSansMono-BoldOblique.ttf',
  // Symbols the monospace face lacks fall back to the proportional one.
  'DejaVuSans.ttf',
].map((name) => join(FONT_DIR, name));

/** Twice the SVG's size, for screens with dense pixels. */
const ZOOM = 2;

/** The SVG as PNG bytes; throws, naming the package to install, when a font file is missing. */
export function rasterisePicture(svg: string): Buffer {
  const missing = PICTURE_FONT_FILES.filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new Error(`the picture fonts are missing (${missing.join(', ')}): apt-get install fonts-dejavu-core fonts-dejavu-extra`);
  }
  const renderer = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: ZOOM },
    font: { fontFiles: [...PICTURE_FONT_FILES], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans Mono', monospaceFamily: 'DejaVu Sans Mono' },
  });
  return renderer.render().asPng();
}
