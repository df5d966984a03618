/**
 * `validateSearch` of the default layout: the URL search params as `ViewSearch`. A param that
 * does not decode (a mangled or outdated link) is dropped rather than failing the whole route,
 * so the page still opens with the remembered or default choice in its place.
 */
import { Schema } from "effect";
import { ViewSearch } from "../../domain/viewSearch";

const standard = Schema.toStandardSchemaV1(ViewSearch);
const fields = ViewSearch.fields as Record<string, Schema.Top>;
const fieldDecoders = Object.fromEntries(
  Object.entries(fields).map(([key, schema]) => [key, Schema.decodeUnknownResult(schema as Schema.Codec<unknown, unknown>)]),
);

export function validateViewSearch(raw: Record<string, unknown>): ViewSearch {
  const result = standard["~standard"].validate(raw);
  if (!(result instanceof Promise) && result.issues === undefined) return result.value;
  const kept: Record<string, unknown> = {};
  for (const [key, decode] of Object.entries(fieldDecoders)) {
    if (raw[key] === undefined) continue;
    const decoded = decode(raw[key]);
    if (decoded._tag === "Success") kept[key] = decoded.success;
  }
  return kept as ViewSearch;
}
