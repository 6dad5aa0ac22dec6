import { darken, lighten, luminance } from '@mantine/core';

/** WCAG 2.1 AA for text of normal size. */
export const AA_TEXT = 4.5;

/** The WCAG contrast ratio of two colours (hex or rgb[a] strings), from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/**
 * `color`, darkened (on a light background) or lightened (on a dark one) in small steps until it
 * reads at `min` against every background given. The theme derives its text colours with it
 * instead of listing hand-picked values that drift when a palette changes.
 */
export function readableOn(color: string, backgrounds: readonly string[], min = AA_TEXT): string {
  const darkBackground = backgrounds.every((b) => luminance(b) < 0.2);
  const passes = (c: string) => backgrounds.every((b) => contrastRatio(c, b) >= min);
  if (passes(color)) return color;
  for (let step = 0.05; step <= 1; step += 0.05) {
    const candidate = darkBackground ? lighten(color, step) : darken(color, step);
    if (passes(candidate)) return candidate;
  }
  return darkBackground ? '#ffffff' : '#000000';
}
