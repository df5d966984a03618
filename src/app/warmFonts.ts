/**
 * Prompt's Thai faces asked for once the page has painted (issue 19). Every amount is in
 * baht, and ฿ (U+0E3F) is drawn from the Thai face, as are Thai names: without this the faces
 * were first asked for by the page's data, arrived after it, and their arrival made Chrome lay
 * out every line of Prompt again ("fonts changed"), in the same frames as the new figures (the
 * longest task of `/ads` at desktop size). Asked for by the layout in the task after the page's
 * first frame (src/layouts/DefaultLayout.tsx), they arrive while the page still shows its
 * placeholders, and the figures are laid out once, in their own face. Not earlier: a request
 * started before the page's largest paint counts in Lighthouse's simulated LCP on a phone.
 *
 * Not from the HTML (`<link rel=preload>`): on a phone the fonts then share the bandwidth with
 * the chunks the page waits for. Measured with the six faces preloaded, Lighthouse mobile, 3 runs:
 * `/ads` scored 79-83 (85-90 without), its LCP 3.8-4.1 s (3.1-4.2 s). The weights are those the
 * eight module pages asked for with the demo workspace: 400 (text) and 600 (figures); none asked
 * for Thai 500.
 */
export const THAI_FACES: readonly string[] = ["400 1em Prompt", "600 1em Prompt"];
/** A character only the Thai faces cover (their `unicode-range` in src/fonts.css). */
export const BAHT = "\u0e3f";

export function warmThaiFaces(fonts: Pick<FontFaceSet, "load"> = document.fonts): void {
  // A face that fails to load leaves the text in the stand-in font; nothing to report.
  for (const face of THAI_FACES) void fonts.load(face, BAHT).catch(() => undefined);
}
