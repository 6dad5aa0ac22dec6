import { DEFAULT_THEME, luminance, type MantineColorsTuple } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio } from './contrast';
import { cssVariables, theme } from './theme';

const merged = { ...DEFAULT_THEME, ...theme } as typeof DEFAULT_THEME;
const vars = cssVariables(merged);
const colors = DEFAULT_THEME.colors as Record<string, MantineColorsTuple>;
const { gray, dark } = DEFAULT_THEME.colors;

describe('theme contrast (WCAG 2.1 AA, 4.5:1 for text)', () => {
  it.each([
    ['light', 'dimmed', vars.light['--mantine-color-dimmed']!, ['#ffffff', gray[0], gray[1]]],
    ['light', 'placeholder', vars.light['--mantine-color-placeholder']!, ['#ffffff']],
    ['light', 'error', vars.light['--mantine-color-error']!, ['#ffffff']],
    ['dark', 'dimmed', vars.dark['--mantine-color-dimmed']!, [dark[7], dark[6], dark[5]]],
    ['dark', 'placeholder', vars.dark['--mantine-color-placeholder']!, [dark[6]]],
    ['dark', 'error', vars.dark['--mantine-color-error']!, [dark[7], dark[6]]],
  ])('%s %s text reads on its backgrounds', (_scheme, _name, color, grounds) => {
    for (const ground of grounds)
      expect(contrastRatio(color, ground)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(Object.keys(colors))('%s light badges and alerts read in the light scheme', (name) => {
    const text = vars.light[`--mantine-color-${name}-light-color`]!;
    expect(contrastRatio(text, colors[name]![1])).toBeGreaterThanOrEqual(AA_TEXT);
    expect(
      contrastRatio(vars.light[`--mantine-color-${name}-outline`]!, '#ffffff'),
    ).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(Object.keys(colors))('%s filled controls get black or white text that reads', (name) => {
    const filled = colors[name]![8];
    const text = luminance(filled) > theme.luminanceThreshold! ? '#000000' : '#ffffff';
    expect(contrastRatio(text, filled)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('measures the ratio as WCAG defines it', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });
});
