import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Indigo tuned around the manifest's theme colour (#4338ca) so the installed app's title bar and
// the interface share one brand colour.
const brand: MantineColorsTuple = [
  '#eef0ff',
  '#dcdfff',
  '#b6bcfa',
  '#8d96f5',
  '#6b75f1',
  '#5560ee',
  '#4a55ed',
  '#4338ca',
  '#3535b5',
  '#2a2d9a',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  // The font family is a CSS variable switched by the `font-<name>` class on <html>, so changing
  // the font preference needs no re-render of the Mantine tree.
  fontFamily: 'var(--app-font-family)',
  headings: { fontFamily: 'var(--app-font-family)', fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
  },
});
