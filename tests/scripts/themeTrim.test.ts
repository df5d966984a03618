import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { componentUse, trimTheme, unusedSelector } from "../../scripts/themeTrim";

const require = createRequire(import.meta.url);
const theme = readFileSync(require.resolve("primereact/resources/themes/lara-light-amber/theme.css"), "utf8");
const brandTheme = readFileSync(new URL("../../src/components/ui/brandTheme.css", import.meta.url), "utf8");

/** Every selector of every rule in `css` (keyframe steps left out). */
function selectors(css: string): string[] {
  const out: string[] = [];
  postcss.parse(css).walkRules((rule) => {
    if (rule.parent?.type === "atrule" && /keyframes$/.test((rule.parent as { name: string }).name)) return;
    out.push(...rule.selectors);
  });
  return out;
}
const styles = (css: string, cls: string) => selectors(css).some((s) => new RegExp(`\\.${cls}(?![\\w-])`).test(s));

describe("PrimeReact's theme without the components the app never renders (issue 19)", () => {
  const use = componentUse();
  const trimmed = trimTheme(theme, use);

  it("derives the used components from the app's imports and theirs", () => {
    // Imported by the app (src/).
    for (const name of ["button", "datatable", "dialog", "multiselect", "toast", "sidebar", "tabview"]) expect(use.used).toContain(name);
    // Not imported by the app: reached through DataTable's own imports.
    for (const name of ["paginator", "dropdown", "tooltip", "virtualscroller"]) expect(use.used).toContain(name);
    // Nothing reaches these.
    for (const name of ["megamenu", "treetable", "galleria", "calendar", "menubar", "editor"]) expect(use.used).not.toContain(name);
  });

  it("follows the imports of the source it is given, not a list", () => {
    const onlyButton = componentUse([require.resolve("primereact/button/button.esm.js")]);
    expect(onlyButton.used).not.toContain("datatable");
    const withTable = componentUse([require.resolve("primereact/datatable/datatable.esm.js")]);
    expect(withTable.used).toContain("paginator");
    expect(trimTheme(theme, withTable)).toMatch(/\.p-paginator/);
    expect(trimTheme(theme, onlyButton)).not.toMatch(/\.p-paginator/);
  });

  it("keeps the rules of the components the app renders", () => {
    for (const cls of ["p-button", "p-datatable", "p-multiselect", "p-dialog", "p-toast", "p-paginator", "p-dropdown", "p-checkbox", "p-sidebar", "p-tabview", "p-inputswitch"]) {
      expect(styles(trimmed, cls), cls).toBe(true);
    }
    // Classes of no component, and the theme's variables.
    for (const cls of ["p-component", "p-disabled", "p-link", "p-inputtext", "p-fluid"]) expect(styles(trimmed, cls), cls).toBe(true);
    expect(trimmed).toContain("--primary-color:");
    // DataTable's own classes that look like another module's (primereact/row, primereact/column).
    expect(styles(trimmed, "p-row-odd")).toBe(true);
    expect(styles(trimmed, "p-column-title")).toBe(true);
  });

  it("drops the rules of the components nothing renders, and is much smaller", () => {
    for (const cls of ["p-megamenu", "p-treetable", "p-galleria", "p-menubar", "p-datepicker", "p-editor-container", "p-picklist", "p-dock"]) {
      expect(styles(theme, cls), cls).toBe(true);
      expect(styles(trimmed, cls), cls).toBe(false);
    }
    expect(trimmed.length).toBeLessThan(theme.length / 2);
  });

  it("keeps a rule's other selectors when only some go, and drops a class that is only in :not()", () => {
    const drop = unusedSelector(use);
    expect(drop(".p-megamenu .p-menuitem")).toBe(true);
    expect(drop(".p-button:not(.p-splitbutton-defaultbutton)")).toBe(false);
    expect(drop(".p-unknown-thing")).toBe(false);
    const out = trimTheme("@layer primereact { .p-button, .p-galleria { color: red } .p-dock { color: blue } }\n@media (max-width: 1px) { .p-tree { x: y } }", use);
    expect(out).toContain(".p-button {");
    expect(out).not.toContain("p-galleria");
    expect(out).not.toContain("p-dock");
    expect(out).not.toContain("@media");
  });

  it("trims brandTheme.css the same way (its selectors are the theme's)", () => {
    const brand = trimTheme(brandTheme, use);
    expect(styles(brand, "p-button")).toBe(true);
    expect(styles(brand, "p-multiselect")).toBe(true);
    expect(styles(brand, "p-megamenu")).toBe(false);
    expect(brand).toContain("--primary-color: #ff6d1d");
  });
});
