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
  const message = raw === "Missing key" ? "is required" : raw === "Unexpected key" ? "is not a known field" : raw;
  return { ok: false, field, message: field ? `${field}: ${message}` : `body: ${message}` };
}

/**
 * PostgreSQL stores neither NUL characters nor lone surrogates; refuse them up front so they
 * get a 400 naming the field instead of failing inside the database.
 */
export function findUnstorableString(value: unknown, path = ""): string | null {
  if (typeof value === "string") {
    return value.includes("\u0000") || !value.isWellFormed() ? path || "body" : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = findUnstorableString(value[i], `${path}[${i}]`);
      if (bad) return bad;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const p = path ? `${path}.${k}` : k;
      if (k.includes("\u0000") || !k.isWellFormed()) return p;
      const bad = findUnstorableString(v, p);
      if (bad) return bad;
    }
  }
  return null;
}
