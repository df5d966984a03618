import { Schema, SchemaIssue } from "effect";

const formatter = SchemaIssue.makeFormatterStandardSchemaV1();

export type Decoded<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

const pathText = (path: ReadonlyArray<unknown>) =>
  path.map((p) => (typeof p === "object" && p !== null && "key" in p ? String((p as { key: unknown }).key) : String(p)))
    .reduce((acc, k) => (/^\d+$/.test(k) ? `${acc}[${k}]` : acc ? `${acc}.${k}` : k), "");

/**
 * Decodes an unknown value with a contract schema, rejecting unknown fields, and turns the
 * first issue into a sentence that names the field ("template.title: is required").
 */
export function decodeWith<S extends Schema.Top>(schema: S, input: unknown, excess: "error" | "ignore" = "error"): Decoded<S["Type"]> {
  const res = Schema.decodeUnknownResult(schema as unknown as Schema.Codec<S["Type"], unknown, never, never>)(input, { onExcessProperty: excess });
  if (res._tag === "Success") return { ok: true, value: res.success };
  const first = formatter(res.failure.issue).issues[0];
  const field = first?.path ? pathText(first.path) : "";
  const raw = first?.message ?? "is invalid";
  const message = raw === "Missing key" ? "is required" : raw === "Unexpected key" || raw === "Expected no excess property" ? "is not a known field" : raw;
  return { ok: false, field, message: field ? `${field}: ${message}` : `body: ${message}` };
}

/** No request of the contract nests deeper than this; deeper bodies are refused before any walk. */
export const MAX_DEPTH = 32;

/**
 * Finds the first place a body cannot be stored: a string with a NUL character or a lone
 * surrogate (PostgreSQL stores neither), or nesting deeper than MAX_DEPTH. Iterative, so a
 * hostile body nested 100,000 deep costs no stack. Returns the path, or null when all is well.
 */
export function findUnstorableString(value: unknown): { path: string; reason: "text" | "depth" } | null {
  const bad = (s: string) => s.includes("\u0000") || !s.isWellFormed();
  const stack: Array<{ v: unknown; path: string; depth: number }> = [{ v: value, path: "", depth: 0 }];
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === "string") {
      if (bad(v)) return { path: path || "body", reason: "text" };
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (depth >= MAX_DEPTH) return { path: path || "body", reason: "depth" };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: `${path}[${i}]`, depth: depth + 1 });
      continue;
    }
    const entries = Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, child] = entries[i]!;
      const p = path ? `${path}.${k}` : k;
      if (bad(k)) return { path: p, reason: "text" };
      stack.push({ v: child, path: p, depth: depth + 1 });
    }
  }
  return null;
}
