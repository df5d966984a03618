import { describe, expect, it } from "vitest";
import { FIRST_CRM_QUERY, crmQueryOf, crmSearchOf, sameCrmQuery } from "../../domain/crmSearch";
import { validateRouteSearch } from "@/app/viewSearchParams";

describe("/crm's table state in the URL", () => {
  it("is a plain /crm for the first query, and reads back the query it wrote", () => {
    expect(crmSearchOf(FIRST_CRM_QUERY)).toEqual({});
    const query = { sortBy: "monetary", direction: "asc", search: "C01", segment: -1, page: 2 } as const;
    expect(crmSearchOf(query)).toEqual({ sort: "monetary", dir: "asc", q: "C01", seg: -1, pg: 3 });
    expect(sameCrmQuery(crmQueryOf(crmSearchOf(query)), query)).toBe(true);
  });

  it.each([
    { behaviour: "keeps what decodes", raw: { sort: "frequency", dir: "asc", q: "C9", seg: 3, pg: 2 }, expected: { sortBy: "frequency", direction: "asc", search: "C9", segment: 3, page: 1 } },
    { behaviour: "drops an unknown column", raw: { sort: "password", pg: 2 }, expected: { ...FIRST_CRM_QUERY, page: 1 } },
    { behaviour: "drops a page below 1 or not whole", raw: { pg: 0, seg: 1.5 }, expected: FIRST_CRM_QUERY },
    { behaviour: "drops a direction other than asc or desc", raw: { dir: "up", q: "x".repeat(101) }, expected: FIRST_CRM_QUERY },
    { behaviour: "ignores params of other routes", raw: { tab: "leads_bounced" }, expected: FIRST_CRM_QUERY },
  ])("$behaviour", ({ raw, expected }) => {
    expect(crmQueryOf(validateRouteSearch("/crm", raw))).toEqual(expected);
  });
});
