/**
 * The affiliate CLI: `npm run affiliate -- import FILE --brand B [--dry-run]`, on the same
 * DATA_DIR / DATABASE_URL as the server. Exit codes: 0 done, 1 refused (the reason, and every row
 * at fault with its line, on stderr), 2 usage error.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { AFFILIATE_IMPORT_MAX_BYTES, AffiliateImportService, ImportRefusedError } from "../services/affiliateImport";
import { openStorage } from "../storage/open";
import { readCliFile } from "./readFile";
import { runCli, UsageError } from "./run";

const USAGE = `Usage: npm run affiliate -- <command> [options]
  import FILE --brand B [--dry-run]
      FILE is a Shopee Affiliate conversion report (English or Thai headers), a Lazada affiliate
      conversion report, or the documented affiliate CSV (platform,order_id,affiliate,sub_id,
      click_time,ordered_at,item,price,quantity,commission_rate,commission,status), as CSV or
      XLSX; see docs/affiliate-import.md. --brand names the brand the conversions belong to;
      --dry-run checks every row and counts what would be inserted, updated and left unchanged,
      but writes nothing.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help") {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    options: { brand: { type: "string" }, "dry-run": { type: "boolean" } },
    allowPositionals: true,
    strict: true,
  });
  if (command !== "import") throw new UsageError(`unknown command "${command}"`);
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? "missing FILE" : "give exactly one FILE");
  if (values.brand === undefined || values.brand.trim() === "") throw new UsageError("--brand is required");
  const file = positionals[0]!;
  const bytes = readCliFile(file, AFFILIATE_IMPORT_MAX_BYTES);
  const config = loadConfig();
  // The CLI never seeds: it only opens (and, if new, creates) the database.
  const { storage } = await openStorage({ ...config, seedDemo: "false" });
  try {
    const dryRun = values["dry-run"] === true;
    const r = await new AffiliateImportService(storage).importFile(bytes, { brand: values.brand }, {}, { dryRun });
    console.log(`${dryRun ? "checked" : "imported"} ${file} into ${r.brand}: ${r.format}, ${r.rows} rows, ${r.orders} orders (${r.matched} matched to the brand's orders), ${r.first ?? "-"} to ${r.last ?? "-"}`);
    console.log(dryRun
      ? `would insert ${r.inserted}, update ${r.updated}, leave ${r.unchanged} unchanged, remove ${r.demoRemoved} demo conversions (dry run: nothing written)`
      : `inserted ${r.inserted}, updated ${r.updated}, unchanged ${r.unchanged}, demo conversions removed ${r.demoRemoved}`);
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
