/**
 * Model of the /ma figures machine (machines/ma/maMachine, the shared page load cycle): the same
 * query again (ignored, also when only a click's time differs) and another one, a reload and a
 * retry; figures with posts and without anything (empty); a failed load.
 */
import type { SocialFigures } from "../../domain/social";
import { maMachine, type MaData, type MaQuery } from "../../machines/ma/maMachine";
import { defineModel } from "../support/machineModel";

const scope = { brand: "Tipco", start: "2024-01-01", end: "2024-03-31", channel: "All Channel", pages: [], accounts: [] } as const;
const click = (at: number) => ({ field: "postTypes", value: "reel", label: "Reel", at }) as const;
const query = (clicks: MaQuery["clicks"]): MaQuery => ({ scope, clicks });
const data = (posts: number): MaData => ({
  figures: { totals: { posts, followers: posts === 0 ? null : 1200, pageReach: 0 } } as unknown as SocialFigures,
  request: { ...scope, pages: [], accounts: [] },
});

export default defineModel({
  machine: maMachine,
  input: { query: query([click(1)]) },
  events: [
    { type: "page.query", query: query([click(2)]) }, // the same click made later: the same page
    { type: "page.query", query: query([]) },
    { type: "page.reload" },
    { type: "page.retry" },
  ],
  outputs: { load: [data(0), data(40)] },
  errors: { load: [Object.assign(new Error("The server could not be reached."), { status: 0 })] },
  serializeContext: (context) => ({ key: context.key }),
});
