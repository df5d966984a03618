/**
 * The orders CLI: `npm run orders -- import FILE --brand B [--dry-run]`, on the same DATA_DIR /
 * DATABASE_URL as the server. Exit codes: 0 done, 1 refused (the reason, and every row at fault
 * with its line, on stderr), 2 usage error.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { ImportRefusedError, ORDERS_IMPORT_MAX_BYTES, OrdersImportService } from "../services/ordersImport";
import { openStorage } from "../storage/open";
import { readCliFile } from "./readFile";
import { runCli, UsageError } from "./run";

const USAGE = `Usage: npm run orders -- <command> [options]
  import FILE --brand B [--dry-run]
      FILE is the documented orders CSV (order_id,platform,customer_id,ordered_at,status,product,
      sku,quantity,price,province,region), a Shopee Seller Centre order export or a Lazada Seller
      Center order export (CSV or XLSX, Thai or English headers); see docs/orders-import.md.
      --brand names the brand the orders belong to; --dry-run checks every row and counts what
      would be inserted, updated and left unchanged, but writes nothing.`;

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
  const bytes = readCliFile(file, ORDERS_IMPORT_MAX_BYTES);
  const config = loadConfig();
  // The CLI never seeds: it only opens (and, if new, creates) the database.
  const { storage } = await openStorage({ ...config, seedDemo: "false" });
  try {
    const dryRun = values["dry-run"] === true;
    // The CLI has the database to itself (no request waits for it): the new orders are written
    // inside the one transaction, however many, not into tables of their own to merge later.
    const service = new OrdersImportService(storage, undefined, undefined, undefined, Number.POSITIVE_INFINITY);
    const r = await service.importFile(bytes, { brand: values.brand }, {}, { dryRun });
    console.log(`${dryRun ? "checked" : "imported"} ${file} into ${values.brand.trim()}: ${r.format}, ${r.rows} rows, ${r.orders} orders`);
    console.log(dryRun
      ? `would insert ${r.inserted}, update ${r.updated}, leave ${r.unchanged} unchanged (dry run: nothing written)`
      : `inserted ${r.inserted}, updated ${r.updated}, unchanged ${r.unchanged}`);
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
