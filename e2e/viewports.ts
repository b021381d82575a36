/** The workshop's 10-inch tablet, held either way. */
export const TABLET_LANDSCAPE = { width: 1024, height: 768 } as const;
export const TABLET_PORTRAIT = { width: 800, height: 1280 } as const;

/** Both ways of holding the tablet, landscape first. */
export const TABLETS = [TABLET_LANDSCAPE, TABLET_PORTRAIT] as const;
