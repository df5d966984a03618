/**
 * The page card of the shell's outline (`BOOT_SHELL`, server/http/pagePreloads.ts), shown in the
 * content area for the frame between the shell's first render and the page's (issue 19,
 * `useAfterFrame(true)` in DefaultLayout.tsx). The same elements and classes, so nothing changes
 * on screen until the page comes (a test compares the two).
 */
export function PagePlaceholder() {
  return (
    <div className="boot-page" aria-hidden="true">
      <span className="boot-heading" />
      <span className="boot-line boot-wide" />
      <div className="boot-cards">
        <span />
        <span />
        <span />
        <span />
      </div>
    </div>
  );
}
