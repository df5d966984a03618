import { describe, expect, it } from "vitest";
import { ofBrand } from "../../domain/entities";

describe("ofBrand: the accounts or pages a brand team picks from follow the brand", () => {
  const items = [
    { id: "t", brand: "Tipco" },
    { id: "a", brand: "Aura" },
    { id: "old" }, // sent without a brand: kept, never hidden
  ];
  it.each([
    { brand: "Tipco", expected: ["t", "old"] },
    { brand: "Aura", expected: ["a", "old"] },
    { brand: "Aura Move", expected: ["old"] },
  ])("keeps $brand's items", ({ brand, expected }) => {
    expect(ofBrand(items, brand).map((i) => i.id)).toEqual(expected);
  });
});
