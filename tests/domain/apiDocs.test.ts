import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Api } from "../../domain/api";

/** The overview table of docs/api.md: method, path (without its query), auth, one per row. */
function overviewRows(): Map<string, string> {
  const doc = readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8");
  const rows = new Map<string, string>();
  for (const m of doc.matchAll(/^\| (GET|POST) \| `([^`?]+)(?:\?[^`]*)?` \| ([^|]+) \|/gm)) rows.set(`${m[1]} ${m[2]}`, m[3]!.trim());
  return rows;
}

const authOf = (permission: string | null): RegExp =>
  permission === "public" ? /^public$/ : permission === null ? /^bearer/ : new RegExp(`^permission ${permission}$`);

describe("docs/api.md lists every call of the contract", () => {
  const rows = overviewRows();
  it.each(Object.entries(Api).map(([name, def]) => ({ name, method: def.method, path: def.path, permission: (Array.isArray(def.permission) ? def.permission.join(" or ") : def.permission) as string | null })))(
    "$name: $method $path, with its permission",
    ({ method, path, permission }) => {
      const auth = rows.get(`${method} ${path}`);
      expect(auth, `no row for ${method} ${path} in the overview of docs/api.md`).toBeDefined();
      expect(auth).toMatch(authOf(permission));
    },
  );
});
