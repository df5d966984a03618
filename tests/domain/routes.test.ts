import { describe, expect, it } from "vitest";
import { isAppRoute } from "../../domain/routes";

describe("isAppRoute", () => {
  it.each([
    ["/", true], ["/brandEx", true], ["/brandEx/", true], ["/cir", true], ["/cir/7", true], ["/cir/7/8", false],
    ["/e-commerce", true], ["/errorPermission", true], ["/formAC", true], ["/brandex", false], ["/nope", false], ["", false],
  ])("%s is a route of the app: %s", (path, expected) => {
    expect(isAppRoute(path)).toBe(expected);
  });
});
