// The demo's top-ups as the runtime installs them (server/demo/topUp.ts): with the demo on, a
// read of the E-Commerce figures or the KPI summary first continues the demo data up to today;
// with SEED_DEMO=false the services read what is stored and write nothing.
import { afterEach, describe, expect, it } from "vitest";
import { addDays } from "../../domain/calendarDays";
import { bangkokDay } from "../../domain/dates";
import { startTestServer, type TestServer } from "../support/testServer";

const today = bangkokDay(new Date());
const cut = addDays(today, -4);
let s: TestServer | undefined;

afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** Removes the demo's last days (orders and metrics), as on a database seeded days ago. */
async function removeLastDays(server: TestServer): Promise<void> {
  await server.storage.query("DELETE FROM orders WHERE demo AND day >= $1::date", [cut]);
  await server.storage.query("UPDATE orders_demo_fill SET filled_to = $1::date", [addDays(cut, -1)]);
  await server.storage.query("DELETE FROM metrics WHERE source = 'demo' AND day >= $1::date", [cut]);
}

/**
 * The demo orders from `cut` to `today`, as this file read the day when it loaded: a run that
 * crosses midnight in Bangkok tops up one day more, which is not counted.
 */
const demoOrdersToToday = (server: TestServer) =>
  server.count("SELECT count(*)::int AS n FROM orders WHERE demo AND day >= $1::date AND day <= $2::date", [cut, today]);

async function readBoth(server: TestServer) {
  const token = (await server.login()).access_token;
  const figures = await server.call("POST", "/user/commerce-figures", {
    token, body: { brand: "Tipco", start: cut, end: today, channel: "All channel", filter: {} },
  });
  expect(figures.status).toBe(200);
  const userId = (await server.storage.query<{ id: number }>("SELECT id FROM users WHERE email = 'demo@example.com'")).rows[0]!.id;
  await server.deps.metrics.summary(userId, { start: cut, end: today });
  return {
    orders: await demoOrdersToToday(server),
    figureOrders: figures.json.data.totals.orders as number,
    metrics: await server.count("SELECT count(*)::int AS n FROM metrics WHERE source = 'demo' AND day >= $1::date", [cut]),
  };
}

describe("the demo's top-ups, installed by the runtime", () => {
  it("continue the demo orders and metrics up to today before a read when the demo is on", async () => {
    s = await startTestServer();
    const ordersBefore = await demoOrdersToToday(s);
    expect(ordersBefore).toBeGreaterThan(0);
    await removeLastDays(s);
    const after = await readBoth(s);
    expect(after.orders).toBe(ordersBefore);
    expect(after.figureOrders).toBeGreaterThan(0);
    expect(after.metrics).toBeGreaterThan(0);
  });

  it("are not installed with SEED_DEMO=false: the reads write nothing", async () => {
    s = await startTestServer({ SEED_DEMO: "false" });
    await removeLastDays(s);
    expect(await readBoth(s)).toEqual({ orders: 0, figureOrders: 0, metrics: 0 });
  });
});
