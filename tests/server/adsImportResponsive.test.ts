// The server keeps answering while a large ads report is imported, as it does for the orders and
// social imports: a CSV is read in slices on the server's thread, a workbook (here: any file the
// reader is given) in the import worker thread. The file is written all the same. On both storages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "../../domain/api";
import { createApp } from "../../server/http/app";
import type { AdRowDraft, AdsFileSummary } from "../../server/import/ads";
import { readOffThread } from "../../server/import/offThread";
import { readAdsInSlices } from "../../server/import/ads/slices";
import { AdsImportService, type AdsFileReader } from "../../server/services/adsImport";
import { utf8 } from "../fixtures/ads/build";
import { startTestServer, type TestServer } from "../support/testServer";

const ACCOUNT = "bag-auramove-fb-1";

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = (await s.login()).access_token;
});
afterAll(() => s.close());

/** A documented ads CSV of `rows` ad days: 100 ads over `rows / 100` days of 2024. */
function adsCsv(rows: number, prefix: string): Uint8Array {
  const lines = ["day,campaign_id,campaign_name,objective,ad_set_id,ad_set_name,ad_id,ad_name,spend,impressions,reach,clicks,video_views,results,result_type,purchase_value"];
  for (let i = 0; i < rows; i++) {
    const ad = i % 100;
    const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 100) * 86_400_000).toISOString().slice(0, 10);
    lines.push(`${day},${prefix}-c${ad % 5},Campaign ${ad % 5},sales,${prefix}-s${ad % 20},"Set ${ad % 20}, BKK",${prefix}-a${ad},โฆษณา ${ad},${100 + (i % 97)}.25,${2000 + i},${1500 + (i % 400)},${20 + (i % 30)},0,${i % 4},Purchases,${(i % 4) * 300}`);
  }
  return utf8(`${lines.join("\n")}\n`);
}

/** Imports with `reader`; sends GET /user/getdata once reading started; whether it was answered while the file was still being read. */
async function answeredWhileReading(reader: AdsFileReader, bytes: Uint8Array): Promise<{ during: boolean; status: number }> {
  const state = { reading: false };
  let started!: () => void;
  const startedReading = new Promise<void>((resolve) => { started = resolve; });
  const watched: AdsFileReader = async function* (b, ctx) {
    state.reading = true;
    started();
    try {
      return yield* reader(b, ctx);
    } finally {
      state.reading = false;
    }
  };
  const app = createApp({ ...s.deps, adsImport: new AdsImportService(s.storage, undefined, watched) });
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), "ads.csv");
  form.append("account", ACCOUNT);
  const importing = app.request(Api.importAds.path, { method: "POST", body: form, headers: { Authorization: `Bearer ${token}` } });
  await startedReading;
  const res = await app.request("/user/getdata", { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const during = state.reading;
  const imported = await importing;
  return { during, status: imported.status };
}

const inWorker: AdsFileReader = (bytes, ctx) => readOffThread<AdRowDraft, AdsFileSummary>({ kind: "ads", bytes, today: ctx.today, account: ctx.account });

const daysStored = async (prefix: string) =>
  (await s.storage.query<{ n: number }>("SELECT count(*)::int AS n FROM ad_days WHERE bag_id = $1 AND ad_id LIKE $2", [ACCOUNT, `${prefix}-%`])).rows[0]!.n;

describe("a large ads import does not stall the server", () => {
  it("answers while a CSV is read in slices on the server's thread (the server's reader)", async () => {
    const { during, status } = await answeredWhileReading(readAdsInSlices, adsCsv(20_000, "resp"));
    expect(status).toBe(200);
    expect(during).toBe(true);
    expect(await daysStored("resp")).toBe(20_000);
  });

  it("answers while the file is read in the worker thread (as workbooks are)", async () => {
    const { during, status } = await answeredWhileReading(inWorker, adsCsv(20_000, "work"));
    expect(status).toBe(200);
    expect(during).toBe(true);
    expect(await daysStored("work")).toBe(20_000);
  });
});
