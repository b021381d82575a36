import { createTheme, Input, type MantineColorsTuple } from '@mantine/core';

// Indigo tuned around the manifest's theme colour (#4338ca) so the installed app's title bar and
// the interface share one brand colour. Shade 4 is the brand's text and link colour in the dark
// scheme, so it is light enough to read on the dark surfaces.
const brand: MantineColorsTuple = [
  '#eef0ff',
  '#dcdfff',
  '#b6bcfa',
  '#a0a7f7',
  '#8a92f5',
  '#5560ee',
  '#4a55ed',
  '#4338ca',
  '#3535b5',
  '#2a2d9a',
];

/*
 * Mantine's palettes with the shades that carry text deepened to WCAG AA (4.5:1):
 * - shade 7 is every colour's filled background (under white text) and its text colour in the
 *   light scheme (`c="teal"`), read on white and on the grey page background;
 * - shades 8 and 9 follow it down; 9 is the text of light badges, alerts and buttons on shade 1;
 * - grey 6 is the light scheme's dimmed text and dark 2 the dark scheme's.
 * Shades 0-6 (tints, chart series, the dark scheme's text at shade 4) keep Mantine's values.
 */
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#666e76',
  '#495057',
  '#343a40',
  '#212529',
];

const dark: MantineColorsTuple = [
  '#c9c9c9',
  '#b8b8b8',
  '#9a9a9a',
  '#696969',
  '#424242',
  '#3b3b3b',
  '#2e2e2e',
  '#242424',
  '#1f1f1f',
  '#141414',
];

const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#fa5252',
  '#d13636',
  '#b82828',
  '#a32222',
];

const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#be4f05',
  '#a94109',
  '#9a330b',
];

const yellow: MantineColorsTuple = [
  '#fff9db',
  '#fff3bf',
  '#ffec99',
  '#ffe066',
  '#ffd43b',
  '#fcc419',
  '#fab005',
  '#9a6400',
  '#8b5100',
  '#7e4100',
];

const teal: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#09815e',
  '#077050',
  '#066246',
];

const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#288037',
  '#216f30',
  '#1e612b',
];

const lime: MantineColorsTuple = [
  '#f4fce3',
  '#e9fac8',
  '#d8f5a2',
  '#c0eb75',
  '#a9e34b',
  '#94d82d',
  '#82c91e',
  '#4f7d0f',
  '#416c0a',
  '#3a5d08',
];

const cyan: MantineColorsTuple = [
  '#e3fafc',
  '#c5f6fa',
  '#99e9f2',
  '#66d9e8',
  '#3bc9db',
  '#22b8cf',
  '#15aabf',
  '#0d7b8c',
  '#0a6a7a',
  '#095c6c',
];

const blue: MantineColorsTuple = [
  '#e7f5ff',
  '#d0ebff',
  '#a5d8ff',
  '#74c0fc',
  '#4dabf7',
  '#339af0',
  '#228be6',
  '#1973c3',
  '#1663ab',
  '#155795',
];

const grape: MantineColorsTuple = [
  '#f8f0fc',
  '#f3d9fa',
  '#eebefa',
  '#e599f7',
  '#da77f2',
  '#cc5de8',
  '#be4bdb',
  '#ac3dc7',
  '#9433ac',
  '#822d97',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand, gray, dark, red, orange, yellow, teal, green, lime, cyan, blue, grape },
  // The font family is a CSS variable switched by the `font-<name>` class on <html>, so changing
  // the font preference needs no re-render of the Mantine tree.
  fontFamily: 'var(--app-font-family)',
  headings: { fontFamily: 'var(--app-font-family)', fontWeight: '700' },
  fontFamilyMonospace: 'var(--app-font-family-monospace)',
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg' } },
    // A loader is labelled with what is loading; a label on an element without a role is not
    // announced (and is invalid ARIA), so every loader is a status. Decorative ones stay
    // aria-hidden.
    Loader: { defaultProps: { role: 'status' } },
    Paper: { defaultProps: { radius: 'lg' } },
    // A dialog focuses its first field when it opens; a pick list that opened on that focus would
    // cover the rest of the form on a tablet. A tap or typing still opens it.
    Select: { defaultProps: { openOnFocus: false } },
    // Mantine's placeholder grey is too faint to read (about 2:1); a placeholder often is the
    // only hint of what a filter holds, so it gets the dimmed text colour. An input in error
    // keeps Mantine's error colour for it.
    Input: Input.extend({
      styles: (_theme, props) =>
        props.error
          ? {}
          : { input: { '--input-placeholder-color': 'var(--mantine-color-dimmed)' } },
    }),
  },
});
