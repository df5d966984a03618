/**
 * The ads import CLI: `npm run ads -- import FILE --account BAG [--brand B]`, on the same DATA_DIR /
 * DATABASE_URL as the server (docs/ads-import.md). The embedded database is one process's at a
 * time: stop the server first, or run both on PostgreSQL (DATABASE_URL). Exit codes: 0 done,
 * 1 refused (the reason, and the rows at fault, on stderr), 2 usage error.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { ADS_IMPORT_MAX_BYTES, AdsImportService, ImportRefusedError } from "../services/adsImport";
import { openStorage } from "../storage/open";
import { readCliFile } from "./readFile";
import { runCli, UsageError } from "./run";

const USAGE = `Usage: npm run ads -- <command> [options]
  import FILE --account BAG_ID [--brand B]
      FILE is a Meta Ads Manager report at ad level with the Day breakdown (English or Thai
      headers), a TikTok Ads Manager report (CSV or XLSX), or the documented ads CSV
      (docs/ads-import.md). --account is the ad account the file belongs to (its id, or its exact
      name); --brand limits the accounts to one brand. The brand's automation rules are evaluated
      over the imported days afterwards.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help") {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    options: { brand: { type: "string" }, account: { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
  if (command !== "import") throw new UsageError(`unknown command "${command}"`);
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? "missing FILE" : "give exactly one FILE");
  if (values.account === undefined || values.account.trim() === "") throw new UsageError("missing --account");
  const file = positionals[0]!;
  const bytes = readCliFile(file, ADS_IMPORT_MAX_BYTES);
  const config = loadConfig();
  // The CLI never seeds: it only opens (and, if new, creates) the database.
  const { storage } = await openStorage({ ...config, seedDemo: "false" });
  try {
    const r = await new AdsImportService(storage).importFile(
      bytes,
      { account: values.account },
      { cli: true, ...(values.brand !== undefined ? { brand: values.brand } : {}) },
    );
    console.log(`imported ${file}: ${r.format} (${r.encoding}), ${r.rows} ad days of ${r.account} from ${r.first ?? "-"} to ${r.last ?? "-"}: ${r.campaigns} campaigns, ${r.adSets} ad sets, ${r.ads} ads`);
    console.log(`inserted ${r.inserted}, updated ${r.updated}, unchanged ${r.unchanged}, demo rows removed ${r.demoRemoved}, alerts raised ${r.alerts}`);
    for (const n of r.notes) console.log(`  ${n.line > 0 ? `line ${n.line}: ` : ""}${n.reason}`);
    return 0;
  } finally {
    await storage.close();
  }
}

await runCli(USAGE, () => main(process.argv.slice(2)), (err) => {
  if (!(err instanceof ImportRefusedError)) return false;
  console.error(`error: ${err.message}`);
  for (const r of err.rows) console.error(`  line ${r.line}: ${r.reason}`);
  return true;
});
