import { describe, expect, it } from 'vitest';
import { displayWidth } from '../src/display-width.js';
import type { PiThemePort } from '../src/port.js';
import { PLAIN_THEME, fitLine, paintLine, plainText, segment, styledLinesComponent } from '../src/styled-line.js';

const TAGGING_THEME: PiThemePort = {
  fg: (color, text) => `<${color}>${text}</${color}>`,
  bold: (text) => `*${text}*`,
};

describe('styled lines', () => {
  const line = [segment('✓ ', 'success'), segment('added ', undefined, true), segment('parse (open)', 'accent')];

  it('keeps a line that fits as it is', () => {
    expect(fitLine(line, 40)).toBe(line);
  });

  it('cuts the plain text to the width and ends the cut segment in an ellipsis with its colour', () => {
    const fitted = fitLine(line, 12);
    expect(plainText(fitted)).toBe('✓ added par…');
    expect(displayWidth(plainText(fitted))).toBe(12);
    expect(fitted.at(-1)?.color).toBe('accent');
  });

  it('drops the segments after the cut', () => {
    expect(plainText(fitLine(line, 5))).toBe('✓ ad…');
  });

  it('paints after cutting, so escape codes are never cut or counted', () => {
    expect(paintLine(fitLine(line, 12), TAGGING_THEME)).toBe('<success>✓ </success>*added *<accent>par…</accent>');
  });

  it('draws a component whose lines never exceed the width it is given', () => {
    const component = styledLinesComponent(() => [line, [segment('解析器を書く解析器を書く')]], PLAIN_THEME);
    for (const width of [0, 1, 5, 12, 80]) {
      for (const rendered of component.render(width)) {
        expect(displayWidth(rendered)).toBeLessThanOrEqual(width);
      }
    }
  });
});
