/**
 * `validateSearch` of the default layout (the shared view, `ViewSearch`) and of the module routes
 * with params of their own (`ROUTE_SEARCH`). A param that does not decode (a mangled or outdated
 * link) is dropped rather than failing the whole route, so the page still opens with the
 * remembered or default choice in its place.
 */
import { Schema } from "effect";
import { ROUTE_SEARCH, type RouteWithSearch } from "../../domain/routeSearch";
import { ViewSearch } from "../../domain/viewSearch";

type Validator<T> = (raw: Record<string, unknown>) => T;

/** A validator of `schema`'s keys in a URL's params: the valid ones are kept, the others dropped. */
function lenientValidator<S extends Schema.Struct<Schema.Struct.Fields>>(schema: S): Validator<S["Type"]> {
  const standard = Schema.toStandardSchemaV1(schema as unknown as Schema.Codec<unknown, unknown>);
  const fieldDecoders = Object.entries(schema.fields as Record<string, Schema.Top>).map(
    ([key, field]) => [key, Schema.decodeUnknownResult(field as Schema.Codec<unknown, unknown>)] as const,
  );
  return (raw) => {
    const result = standard["~standard"].validate(raw);
    if (!(result instanceof Promise) && result.issues === undefined) return result.value as S["Type"];
    const kept: Record<string, unknown> = {};
    for (const [key, decode] of fieldDecoders) {
      if (raw[key] === undefined) continue;
      const decoded = decode(raw[key]);
      if (decoded._tag === "Success") kept[key] = decoded.success;
    }
    return kept as S["Type"];
  };
}

export const validateViewSearch: Validator<ViewSearch> = lenientValidator(ViewSearch);

const routeValidators = Object.fromEntries(
  Object.entries(ROUTE_SEARCH).map(([path, schema]) => [path, lenientValidator(schema as Schema.Struct<Schema.Struct.Fields>)]),
) as { readonly [P in RouteWithSearch]: Validator<(typeof ROUTE_SEARCH)[P]["Type"]> };

/** The `validateSearch` of the module route at `path`: only its own params. */
export function validateRouteSearch<P extends RouteWithSearch>(path: P, raw: Record<string, unknown>): (typeof ROUTE_SEARCH)[P]["Type"] {
  return routeValidators[path](raw);
}
