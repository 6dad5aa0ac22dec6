import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

/** Calm and dense: small controls, a muted blue, system fonts, tabular figures. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 7, dark: 5 },
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
  },
});

/** The operator's light/dark choice survives reloads, without an inline script in index.html. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'console-color-scheme' });
