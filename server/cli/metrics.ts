/**
 * The metrics CLI: `npm run metrics -- import FILE [--brand B] [--account BAG] [--page PAGE]`, on
 * the same DATA_DIR / DATABASE_URL as the server. Exit codes: 0 done, 1 refused (the reason, and
 * the rows at fault, on stderr), 2 usage error.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { ImportRefusedError, METRICS_IMPORT_MAX_BYTES, MetricsService } from "../services/metrics";
import { openStorage } from "../storage/open";
import { readCliFile } from "./readFile";
import { runCli, UsageError } from "./run";

const USAGE = `Usage: npm run metrics -- <command> [options]
  import FILE [--brand B] [--account BAG_ID] [--page PAGE_ID]
      FILE is the documented CSV (date,account_id,page_id,plan,metric,value), a Meta Business
      Suite page series or post export, or a Meta Ads Manager report (CSV or XLSX).
      --account is required for Meta files (an account id, or its exact name); --brand limits the
      accounts to one brand; --page puts page-level figures on one page of the account.`;


async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help") {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    options: { brand: { type: "string" }, account: { type: "string" }, page: { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
  if (command !== "import") throw new UsageError(`unknown command "${command}"`);
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? "missing FILE" : "give exactly one FILE");
  const file = positionals[0]!;
  const bytes = readCliFile(file, METRICS_IMPORT_MAX_BYTES);
  const config = loadConfig();
  // The CLI never seeds: it only opens (and, if new, creates) the database.
  const { storage } = await openStorage({ ...config, seedDemo: "false" });
  try {
    const r = await new MetricsService(storage).importFile(
      bytes,
      { ...(values.account !== undefined ? { account: values.account } : {}), ...(values.page !== undefined ? { page: values.page } : {}) },
      { cli: true, ...(values.brand !== undefined ? { brand: values.brand } : {}) },
    );
    console.log(`imported ${file}: ${r.format} (${r.encoding}), ${r.rows} rows, ${r.values} values from ${r.first ?? "-"} to ${r.last ?? "-"}`);
    console.log(`inserted ${r.inserted}, updated ${r.updated}, unchanged ${r.unchanged}, demo values removed ${r.demoRemoved}`);
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
