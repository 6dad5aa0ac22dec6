import {
  createTheme,
  DEFAULT_THEME,
  darken,
  localStorageColorSchemeManager,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { readableOn } from './contrast';

/**
 * Calm and dense: small controls, a muted blue, system fonts, tabular figures.
 *
 * Contrast (WCAG 2.1 AA) is a property of the theme, not of single elements: filled controls pick
 * black or white text by the background's luminance (0.179 is where both give the same ratio, so
 * either choice reads at 4.58:1 or better), the primary shade is dark enough for white text in
 * both schemes, and `cssVariables` below derives every text colour from the palette.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.179,
  // An operator who asks the system for less motion gets none: dialogs, menus and notices appear
  // without their transitions (WCAG 2.3.3).
  respectReducedMotion: true,
  defaultRadius: 'sm',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  headings: { fontWeight: '600' },
  components: {
    TextInput: { defaultProps: { size: 'sm' } },
    Select: { defaultProps: { size: 'sm' } },
    Button: { defaultProps: { size: 'sm' } },
    Table: { defaultProps: { verticalSpacing: 4, fz: 'sm' } },
    // Wide tables scroll in their own container with shadowed edges (app.css), never the page.
    TableScrollContainer: {
      defaultProps: { type: 'native' },
      classNames: { scrollContainer: 'table-scroll' },
    },
    // An icon-only close button needs a name a screen reader can say.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // Mantine writes a titled toast's text in gray 6 directly (3.3:1), not in `dimmed`.
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    // Mantine's focus placeholder is a role="presentation" child of role="menu", which ARIA
    // does not allow; without it, focus goes to the first item.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close the dialog' } } },
  },
});

const colors = DEFAULT_THEME.colors as Record<string, MantineColorsTuple>;
const { gray, dark } = DEFAULT_THEME.colors;
const WHITE = '#ffffff';
/** Tints that text sits on in the light scheme: body, striped rows, light alerts and badges. */
const LIGHT_GROUNDS = [
  WHITE,
  gray[0],
  gray[1],
  ...['blue', 'yellow', 'red', 'teal', 'orange'].map((c) => colors[c]![1]),
];
/** And in the dark scheme: body, cards and inputs, hovered rows, light alerts. */
const DARK_GROUNDS = [
  dark[7],
  dark[6],
  dark[5],
  ...['blue', 'yellow', 'red', 'teal', 'orange'].map((c) => darken(colors[c]![9], 0.5)),
];

/** The colour variables Mantine derives per palette colour, made to read at AA in both schemes. */
function paletteText(scheme: 'light' | 'dark'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    if (scheme === 'light') {
      out[`--mantine-color-${name}-light-color`] = readableOn(shades[9], [
        shades[1],
        shades[2],
        WHITE,
      ]);
      // `c="blue"` text and outline badges also sit inside light alerts (a link in a problem).
      out[`--mantine-color-${name}-text`] = readableOn(shades[8], LIGHT_GROUNDS);
      out[`--mantine-color-${name}-outline`] = readableOn(shades[8], LIGHT_GROUNDS);
    } else {
      const tint = darken(shades[9], 0.5);
      out[`--mantine-color-${name}-light-color`] = readableOn(shades[0], [
        tint,
        darken(shades[9], 0.3),
      ]);
      out[`--mantine-color-${name}-text`] = readableOn(shades[4], DARK_GROUNDS);
      out[`--mantine-color-${name}-outline`] = readableOn(shades[4], DARK_GROUNDS);
    }
  }
  return out;
}

/** Mantine's defaults for dimmed text, placeholders and errors read at 2.1–4.0:1; these at 4.5+. */
export const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...paletteText('light'),
    '--mantine-color-dimmed': readableOn(gray[6], LIGHT_GROUNDS),
    '--mantine-color-placeholder': readableOn(gray[6], [WHITE, gray[0]]),
    '--mantine-color-error': readableOn(colors.red![8], [WHITE, colors.red![1]]),
    '--mantine-color-anchor': readableOn(colors.blue![8], LIGHT_GROUNDS),
  },
  dark: {
    ...paletteText('dark'),
    '--mantine-color-dimmed': readableOn(dark[2], DARK_GROUNDS),
    '--mantine-color-placeholder': readableOn(dark[3], [dark[6], dark[5]]),
    '--mantine-color-error': readableOn(colors.red![5], [dark[7], dark[6]]),
    '--mantine-color-anchor': readableOn(colors.blue![4], DARK_GROUNDS),
  },
});

/** The operator's light/dark choice survives reloads, without an inline script in index.html. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'console-color-scheme' });
