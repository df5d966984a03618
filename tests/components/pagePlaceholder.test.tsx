import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PagePlaceholder } from "@/layouts/PagePlaceholder";
import { BOOT_SHELL } from "../../server/http/pagePreloads";

describe("the page card between the shell's first frame and the page's (issue 19)", () => {
  it("is the outline's own page card, so nothing on screen changes until the page comes", () => {
    const card = renderToStaticMarkup(<PagePlaceholder />);
    // Hidden from assistive technology like the outline, whose whole shell carries aria-hidden.
    expect(card).toContain('aria-hidden="true"');
    expect(BOOT_SHELL).toContain(card.replace(' aria-hidden="true"', ""));
  });
});
