// Bundled by Vite (no CDN) so every font works offline once the service worker has the assets.
// Only the weight axis is loaded: the app never uses italics or the optical-size axis.
// The default family comes with the app; every other family, and the Gujarati and Devanagari
// faces, come with the preference or language that needs them, so a first load carries one
// family's rules and a tablet's start parses no others.
import '@fontsource-variable/plus-jakarta-sans/wght.css';

const FAMILY_STYLES: Record<string, () => Promise<unknown>> = {
  inter: () => import('@fontsource-variable/inter/wght.css'),
  manrope: () => import('@fontsource-variable/manrope/wght.css'),
};

const SCRIPT_STYLES: Record<string, () => Promise<unknown>> = {
  gu: () => import('@fontsource-variable/noto-sans-gujarati/wght.css'),
  hi: () => import('@fontsource-variable/noto-sans-devanagari/wght.css'),
};

// Offline without the file cached, the text keeps the next font of its stack; never worth failing for.
async function loadStyles(load: (() => Promise<unknown>) | undefined) {
  try {
    await load?.();
  } catch (error) {
    console.warn('Could not load a font', error);
  }
}

/** The faces of a chosen font preference (`inter`, `manrope`); the default's are already there. */
export function loadFontFamily(font: string): Promise<void> {
  return loadStyles(FAMILY_STYLES[font]);
}

/** The faces of a language's script: Gujarati for `gu`, Devanagari for `hi`, none for English. */
export function loadScriptFont(language: string): Promise<void> {
  return loadStyles(SCRIPT_STYLES[language]);
}
