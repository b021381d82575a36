/** A face still loading would print in a fallback font without the Gujarati conjuncts. */
export async function printWhenFontsReady() {
  if ('fonts' in document) await document.fonts.ready;
  window.print();
}
