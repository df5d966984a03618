// The server keeps answering while a large orders file is imported (issue 13, item 4): a CSV is
// read in slices on the server's thread (a workbook in a worker thread), and on the embedded
// database (one connection) the orders are compared with the stored ones outside the write's
// transaction. On both storages.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "../../domain/api";
import { createApp } from "../../server/http/app";
import { FileRefusedError, parseOrdersFile } from "../../server/import/orders";
import { parseOrdersOffThread } from "../../server/import/orders/parseOffThread";
import { parseOrdersInSlices } from "../../server/import/orders/slices";
import { OrdersImportService, type OrdersFileReader } from "../../server/services/ordersImport";
import type { Queryable, Storage } from "../../server/storage/storage";
import { lazadaWorkbook, shopeeThWorkbook, utf8, windows874 } from "../fixtures/orders/build";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = (await s.login()).access_token;
});
afterAll(() => s.close());

/** A documented orders CSV of `orders` orders, one or two items each, in March 2024. */
function ordersCsv(orders: number, prefix: string): Uint8Array {
  const lines = ["order_id,platform,customer_id,ordered_at,status,product,sku,quantity,price,province,region"];
  for (let i = 0; i < orders; i++) {
    const day = String(1 + (i % 28)).padStart(2, "0");
    const at = `2024-03-${day} ${String(i % 24).padStart(2, "0")}:15`;
    const id = `${prefix}${String(i).padStart(7, "0")}`;
    lines.push(`${id},Shopee,buyer${i % 5000},${at},completed,Tipco Orange 1L,TPC-OR-1L,1,89.00,Bangkok,`);
    if (i % 2 === 0) lines.push(`${id},Shopee,buyer${i % 5000},${at},completed,Tipco Apple 1L,TPC-AP-1L,2,85.00,Bangkok,`);
  }
  return utf8(`${lines.join("\n")}\n`);
}

/** The app with an orders import that reads files with `reader`, and a flag for "reading now". */
function appReadingWith(reader: OrdersFileReader) {
  const state = { reading: false, started: null as null | (() => void) };
  const startedReading = new Promise<void>((resolve) => { state.started = resolve; });
  const watched: OrdersFileReader = async (bytes, ctx) => {
    state.reading = true;
    state.started?.();
    try {
      return await reader(bytes, ctx);
    } finally {
      state.reading = false;
    }
  };
  const service = new OrdersImportService(s.storage, undefined, undefined, watched);
  const app = createApp({ ...s.deps, ordersImport: service });
  return { app, service, state, startedReading };
}

function upload(app: ReturnType<typeof createApp>, bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), "orders.csv");
  form.append("brand", "Tipco");
  return app.request(Api.importOrders.path, { method: "POST", body: form, headers: { Authorization: `Bearer ${token}` } });
}

/** Sends GET /user/getdata once reading has started; true when it was answered while the file was still being read. */
async function answeredWhileReading(reader: OrdersFileReader, bytes: Uint8Array): Promise<{ during: boolean; importStatus: number }> {
  const { app, service, state, startedReading } = appReadingWith(reader);
  const importing = upload(app, bytes);
  await startedReading;
  const res = await app.request("/user/getdata", { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const during = state.reading;
  const imported = await importing;
  // The embedded database's import merges its tables afterwards: done before the database closes.
  await service.merged();
  return { during, importStatus: imported.status };
}

describe("a large orders import does not stall the server", () => {
  const big = ordersCsv(30_000, "RESP");

  it("answers GET /user/getdata while a CSV is read in slices on the server's thread (the server's reader)", async () => {
    const { during, importStatus } = await answeredWhileReading(parseOrdersInSlices, big);
    expect(importStatus).toBe(200);
    expect(during).toBe(true);
  });

  it("reading in slices takes turns of the event loop, and holds the thread about a slice at a time", async () => {
    let turns = 0;
    let longest = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      turns++;
    }, 1);
    try {
      const parsed = await parseOrdersInSlices(big, { now: new Date() }, 10);
      expect(parsed.orders).toHaveLength(30_000);
    } finally {
      clearInterval(ticker);
    }
    expect(turns).toBeGreaterThan(5);
    // Read in one piece, the 30,000 orders hold the thread for the whole read; a slice is 10 ms
    // (the bound leaves room for a garbage collection and a loaded machine).
    expect(longest).toBeLessThan(500);
  });

  it("reading in slices gives parseOrdersFile's answer: orders, bad rows, refusals, every layout and encoding", async () => {
    const now = new Date("2026-11-25T12:00:00+07:00");
    const files = [
      big,
      readFileSync(new URL("../fixtures/orders/documented.csv", import.meta.url)),
      readFileSync(new URL("../fixtures/orders/documented-bad.csv", import.meta.url)),
      readFileSync(new URL("../fixtures/orders/shopee-en.csv", import.meta.url)),
      readFileSync(new URL("../fixtures/orders/lazada-old.csv", import.meta.url)),
      windows874("order_id,platform,customer_id,ordered_at,status,product,sku,quantity,price,province,region\nT1,Shopee,b1,2024-03-01 10:00,completed,น้ำส้ม,,1,89.00,กรุงเทพมหานคร,\n"),
      shopeeThWorkbook(),
      lazadaWorkbook(),
    ];
    for (const file of files) {
      const bytes = new Uint8Array(file);
      expect(await parseOrdersInSlices(bytes, { now }, 1)).toEqual(parseOrdersFile(bytes, { now }));
    }
    const refused = utf8("hello,world\n1,2\n");
    await expect(parseOrdersInSlices(refused, { now })).rejects.toBeInstanceOf(FileRefusedError);
    await expect(parseOrdersInSlices(refused, { now })).rejects.toThrow(/is not a recognised orders file/);
  });

  it("answers GET /user/getdata while the file is read (in a worker thread, as workbooks are)", async () => {
    const { during, importStatus } = await answeredWhileReading(parseOrdersOffThread, big);
    expect(importStatus).toBe(200);
    expect(during).toBe(true);
  });

  it("(the contrast: read in the request's own thread, nothing is answered until the reading ends)", async () => {
    const { during } = await answeredWhileReading(async (bytes, ctx) => parseOrdersFile(bytes, ctx), ordersCsv(30_000, "SYNC"));
    expect(during).toBe(false);
  });

  it("the worker's answer is the file's: refusals keep their message and line", async () => {
    const res = await upload(createApp(s.deps), utf8("order_id,platform,customer_id,ordered_at,status,product,sku,quantity,price,province,region\n"
      + "A1,Shopee,b1,2024-03-01 10:00,completed,Tipco Orange 1L,,1,89.00,Bangkok,\nA2,Shopee,b2,2024-03-01 10:00,completed,Tipco Orange 1L,,0,89.00,Bangkok,\n"));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { rows?: Array<{ line: number }> };
    expect(body.rows?.[0]?.line).toBe(3);
    const unreadable = await upload(createApp(s.deps), utf8("hello,world\n1,2\n"));
    expect(unreadable.status).toBe(400);
    expect(await unreadable.text()).toMatch(/is not a recognised orders file/);
  });

  it("imports one file at a time: a second import, of another brand, is read only once the first is written (two at once would pass the server's memory budget)", async () => {
    const events: string[] = [];
    let reading = 0;
    let mostAtOnce = 0;
    const reader: OrdersFileReader = async (bytes, ctx) => {
      mostAtOnce = Math.max(mostAtOnce, ++reading);
      events.push("read");
      try {
        return await parseOrdersInSlices(bytes, ctx);
      } finally {
        reading--;
      }
    };
    const service = new OrdersImportService(s.storage, undefined, (_id, brand) => events.push(`wrote ${brand}`), reader);
    const [first, second] = await Promise.all([
      service.importFile(ordersCsv(3_000, "TURN-A"), { brand: "Tipco" }),
      service.importFile(ordersCsv(3_000, "TURN-B"), { brand: "Aura" }),
    ]);
    expect([first.inserted, second.inserted]).toEqual([3_000, 3_000]);
    expect(mostAtOnce).toBe(1);
    expect(events).toEqual(["read", "wrote Tipco", "read", "wrote Aura"]);
    // A refused file does not stop the next one.
    const [bad, good] = await Promise.allSettled([
      service.importFile(utf8("hello,world\n1,2\n"), { brand: "Tipco" }),
      service.importFile(ordersCsv(10, "TURN-C"), { brand: "Tipco" }),
    ]);
    expect(bad.status).toBe("rejected");
    expect(good).toMatchObject({ status: "fulfilled", value: { inserted: 10 } });
    await service.merged();
  });

  it("on the embedded database, compares outside the write's transaction: importing the same file again opens none", async () => {
    const file = ordersCsv(2_000, "TWICE");
    const service = new OrdersImportService(s.storage);
    const first = await service.importFile(file, { brand: "Tipco" });
    expect(first.inserted).toBe(2_000);
    const transactions: string[] = [];
    const storage = s.storage;
    const counting: Storage = {
      kind: storage.kind,
      query: (sql, params) => storage.query(sql, params),
      script: (sql) => storage.script(sql),
      transaction: <T>(fn: (tx: Queryable) => Promise<T>) => {
        transactions.push("opened");
        return storage.transaction(fn);
      },
      close: () => storage.close(),
      background: () => counting,
    };
    const again = await new OrdersImportService(counting).importFile(file, { brand: "Tipco" });
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 2_000 });
    if (storage.kind === "pglite") expect(transactions).toEqual([]);
    else expect(transactions).toEqual(["opened"]); // PostgreSQL compares inside it, under the brand's lock: it never stalls other connections
  });
});
