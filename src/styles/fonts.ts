// Bundled by Vite (no CDN) so every font works offline once the service worker has the assets.
// Only the weight axis is loaded: the app never uses italics or the optical-size axis.
import '@fontsource-variable/inter/wght.css';
import '@fontsource-variable/manrope/wght.css';
import '@fontsource-variable/plus-jakarta-sans/wght.css';
import '@fontsource-variable/noto-sans-gujarati/wght.css';
import '@fontsource-variable/noto-sans-devanagari/wght.css';
