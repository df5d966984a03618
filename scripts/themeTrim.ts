/**
 * PrimeReact's theme without the components the app never renders (issue 19). The lara theme
 * styles every PrimeReact component (224 KB); a phone parses all of it and matches its
 * selectors on every style recalculation. This build transform drops, from the theme's
 * theme.css and from src/components/ui/brandTheme.css (whose selectors come from the theme), the
 * selectors of the components nothing in the app reaches.
 *
 * The used components are derived, not listed: the app's imports of `primereact/<name>` (src/),
 * then each component's own imports of other `primereact/<name>` modules, recursively (DataTable
 * brings Paginator, Dropdown, Tooltip, ...; MultiSelect brings Checkbox). A selector goes only
 * when it names a class of a known component that is not used (`.p-<name>`, `.p-<name>-…`, or the
 * component's other names in `PREFIXES`); classes of no component (.p-component, .p-disabled,
 * .p-link, .p-fluid, ...), :root and @font-face stay. A class that a used component's code or the
 * app's own code names literally (`p-row-odd` in DataTable, `p-button` in src/) is never a reason
 * to drop. A rule loses the selectors that go and goes when none is left.
 */
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import postcss, { type Container, type Root } from "postcss";
import type { Plugin } from "vite";

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SRC = join(ROOT, "src");
/** node_modules/primereact */
const PRIMEREACT = dirname(require.resolve("primereact/package.json"));

/** Components whose theme classes are not (only) `.p-<name>`. */
const PREFIXES: Readonly<Record<string, readonly string[]>> = {
  avatargroup: ["p-avatar-group"],
  buttongroup: ["p-button-group"],
  calendar: ["p-calendar", "p-datepicker", "p-monthpicker", "p-yearpicker", "p-timepicker"],
  confirmdialog: ["p-confirm-dialog"],
  confirmpopup: ["p-confirm-popup"],
  floatlabel: ["p-float-label"],
  iconfield: ["p-icon-field"],
  inputicon: ["p-input-icon"],
  message: ["p-inline-message"],
  messages: ["p-messages", "p-message"],
  organizationchart: ["p-organizationchart", "p-node-toggler"],
  progressspinner: ["p-progress-spinner", "p-progressspinner"],
  tabmenu: ["p-tabmenu", "p-tabmenuitem"],
  tree: ["p-tree", "p-treenode"],
};
/** Modules that render nothing of their own: their classes are their parent's (DataTable's .p-row-odd, .p-column-title). */
const UNSTYLED = new Set(["column", "columngroup", "row"]);

/**
 * The class names that the string literals of a piece of code name (`'p-row-odd'`; `'p-button-' +
 * severity` → p-button), leaving out the literals that are style sheets: PrimeReact's injected
 * base styles mention other components' classes (`.p-float-label .p-mention ~ label`).
 */
function literalClasses(code: string): string[] {
  const out: string[] = [];
  for (const [, , text] of code.matchAll(/(["'`])((?:\\[\s\S]|(?!\1)[^\\])*)\1/g)) {
    if (text === undefined || /\{\s*(?:\\n|\n)/.test(text)) continue;
    for (const m of text.matchAll(/(?<![\w-])p-[a-z0-9]+(?:-[a-z0-9]+)*/g)) out.push(m[0]);
  }
  return out;
}
/** The `primereact/<name>` modules a piece of code imports. */
const primereactImports = (code: string): string[] =>
  [...code.matchAll(/(?:from\s*|import\s*\(?\s*|require\(\s*)["']primereact\/([a-z]+)["'/]/g)].map((m) => m[1]!);

function componentCode(name: string): string {
  const file = join(PRIMEREACT, name, `${name}.esm.js`);
  return existsSync(file) ? readFileSync(file, "utf8") : "";
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(tsx?|jsx?)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

export interface ComponentUse {
  /** PrimeReact modules the app reaches (its imports and theirs). */
  used: ReadonlySet<string>;
  /** Every PrimeReact component with theme classes of its own → those class prefixes. */
  prefixes: ReadonlyMap<string, readonly string[]>;
  /** Classes named literally by the app or by a used component: never dropped. */
  named: ReadonlySet<string>;
}

/** The app's PrimeReact components, from the imports in `srcFiles` (default: src/). */
export function componentUse(srcFiles: readonly string[] = sourceFiles(SRC)): ComponentUse {
  const used = new Set<string>();
  const named = new Set<string>();
  const queue: string[] = [];
  const reach = (code: string) => {
    for (const name of primereactImports(code)) {
      if (!used.has(name)) {
        used.add(name);
        queue.push(name);
      }
    }
  };
  for (const file of srcFiles) {
    const code = readFileSync(file, "utf8");
    reach(code);
    for (const c of literalClasses(code)) named.add(c);
  }
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    const code = componentCode(name);
    reach(code);
    for (const c of literalClasses(code)) named.add(c);
  }
  const prefixes = new Map<string, readonly string[]>();
  for (const entry of readdirSync(PRIMEREACT, { withFileTypes: true })) {
    const name = entry.name;
    if (!entry.isDirectory() || UNSTYLED.has(name) || !existsSync(join(PRIMEREACT, name, `${name}.esm.js`))) continue;
    prefixes.set(name, PREFIXES[name] ?? [`p-${name}`]);
  }
  return { used, prefixes, named };
}

/** The selector without its :not(…) arguments (a class there does not need its component). */
function withoutNot(selector: string): string {
  let out = "";
  for (let i = 0; i < selector.length; i++) {
    if (selector.startsWith(":not(", i)) {
      let depth = 0;
      let j = i + 4;
      for (; j < selector.length; j++) {
        if (selector[j] === "(") depth++;
        else if (selector[j] === ")" && --depth === 0) break;
      }
      i = j;
    } else out += selector[i];
  }
  return out;
}

/** Decides, selector by selector, whether it styles only components the app never renders. */
export function unusedSelector(use: ComponentUse): (selector: string) => boolean {
  const dead: string[] = [];
  for (const [name, list] of use.prefixes) if (!use.used.has(name)) dead.push(...list);
  const isDead = (cls: string) =>
    !use.named.has(cls) && dead.some((p) => cls === p || cls.startsWith(`${p}-`));
  return (selector) => [...withoutNot(selector).matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].some((m) => isDead(m[1]!));
}

function trimContainer(node: Container, drop: (selector: string) => boolean): void {
  node.each((child) => {
    if (child.type === "rule") {
      if (child.parent?.type === "atrule" && /keyframes$/i.test((child.parent as { name: string }).name)) return;
      const kept = child.selectors.filter((s) => !drop(s));
      if (kept.length === 0) child.remove();
      else if (kept.length < child.selectors.length) child.selectors = kept;
    } else if (child.type === "atrule" && child.nodes) {
      trimContainer(child, drop);
      if (child.nodes.length === 0) child.remove();
    }
  });
}

/** `css` without the selectors of unused components (see the file's comment). */
export function trimTheme(css: string, use: ComponentUse = componentUse()): string {
  const root: Root = postcss.parse(css);
  trimContainer(root, unusedSelector(use));
  return root.toString();
}

/** theme.css of any PrimeReact theme, and the brand's overrides generated from it. */
const TRIMMED = /(?:[\\/]primereact[\\/]resources[\\/]themes[\\/][^\\/]+[\\/]theme\.css|[\\/]src[\\/]components[\\/]ui[\\/]brandTheme\.css)$/;

export function themeTrim(): Plugin {
  let use: ComponentUse | undefined;
  return {
    name: "brand-dashboard:theme-trim",
    enforce: "pre",
    apply: "build",
    transform(code, id) {
      if (!TRIMMED.test(id.replace(/\?.*$/, ""))) return null;
      use ??= componentUse();
      return { code: trimTheme(code, use), map: null };
    },
  };
}
