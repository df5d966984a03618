/**
 * Fewer, larger chunks for the module pages (issue 19). Left to itself the bundler gives every
 * set of modules shared by a different set of lazy chunks its own file: a module page needed ~50
 * files, and on a phone (HTTP/1.1, six connections, a round trip each) the requests queue. Two
 * groups, computed from the module graph:
 *
 * - `shell`: what the default layout, the API client and the shell rules import (statically),
 *   beyond what the entry has: every module page needs it.
 * - `pagekit`: what two or more of the module pages with content import (figure cards, chart
 *   cards, formats, page machines…), beyond the entry and the shell.
 *
 * Modules the entry (`src/main.tsx`) imports are never moved: the sign-in page loads what it did.
 * Everything else is chunked as before.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const src = (file: string) => path.join(root, "src", file);
const ENTRY = src("main.tsx");
const SHELL_ROOTS = [src("layouts/DefaultLayout.tsx"), src("api/client.ts"), src("app/shellRules.ts")];
const PAGE_ROOTS = ["brandEx/BrandExPage", "ma/MaPage", "ads/AdsPage", "kol/KolPage", "commerce/ECommercePage", "crm/CrmPage", "affiliate/AffiliatePage", "o2o/O2oPage"]
  .map((p) => src(`features/${p}.tsx`));

interface Info { importedIds: readonly string[] }
interface Ctx { getModuleInfo(id: string): Info | null }

/** Every module `from` imports statically, itself included. */
function reach(ctx: Ctx, from: string, into = new Set<string>()): Set<string> {
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (into.has(id)) continue;
    const info = ctx.getModuleInfo(id);
    if (info === null) continue;
    into.add(id);
    stack.push(...info.importedIds);
  }
  return into;
}

/** The `name` function of the chunk group (`build.rolldownOptions.output.codeSplitting.groups`). */
export function chunkGroupName(): (id: string, ctx: Ctx) => string | null {
  let sets: { entry: Set<string>; shell: Set<string>; pageCount: Map<string, number> } | null = null;
  return (id, ctx) => {
    if (sets === null) {
      const entry = reach(ctx, ENTRY);
      const shell = new Set<string>();
      for (const r of SHELL_ROOTS) reach(ctx, r, shell);
      const pageCount = new Map<string, number>();
      for (const r of PAGE_ROOTS) for (const m of reach(ctx, r)) pageCount.set(m, (pageCount.get(m) ?? 0) + 1);
      sets = { entry, shell, pageCount };
    }
    if (sets.entry.has(id)) return null;
    if (/\.css$|\?/.test(id)) return null;
    if (sets.shell.has(id)) return "shell";
    if ((sets.pageCount.get(id) ?? 0) >= 2) return "pagekit";
    return null;
  };
}
