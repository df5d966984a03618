/**
 * The social import CLI: `npm run social -- import FILE --account BAG [--page PAGE] [--brand B]`,
 * on the same DATA_DIR / DATABASE_URL as the server (docs/social-import.md). Exit codes: 0 done,
 * 1 refused (the reason, and the rows at fault, on stderr), 2 usage error.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { ImportRefusedError, SOCIAL_IMPORT_MAX_BYTES, SocialImportService } from "../services/socialImport";
import { openStorage } from "../storage/open";
import { readCliFile } from "./readFile";
import { runCli, UsageError } from "./run";

const USAGE = `Usage: npm run social -- <command> [options]
  import FILE --account BAG_ID [--page PAGE_ID] [--brand B]
      FILE is a Meta Business Suite post export (English or Thai headers), a TikTok Studio
      Content, Overview or FollowerHistory export (CSV or XLSX), or the documented posts CSV
      (docs/social-import.md). --account is the account the file belongs to (its id, or its exact
      name); --page the page of that account (needed when it has more than one); --brand limits
      the accounts to one brand.`;

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
  if (values.account === undefined || values.account.trim() === "") throw new UsageError("missing --account");
  const file = positionals[0]!;
  const bytes = readCliFile(file, SOCIAL_IMPORT_MAX_BYTES);
  const config = loadConfig();
  // The CLI never seeds: it only opens (and, if new, creates) the database.
  const { storage } = await openStorage({ ...config, seedDemo: "false" });
  try {
    const r = await new SocialImportService(storage).importFile(
      bytes,
      { account: values.account, ...(values.page !== undefined ? { page: values.page } : {}) },
      { cli: true, ...(values.brand !== undefined ? { brand: values.brand } : {}) },
    );
    console.log(`imported ${file}: ${r.format} (${r.encoding}), ${r.rows} ${r.kind === "posts" ? "posts" : "page days"} of ${r.page} (${r.account}) from ${r.first ?? "-"} to ${r.last ?? "-"}`);
    console.log(`inserted ${r.inserted}, updated ${r.updated}, unchanged ${r.unchanged}, demo rows removed ${r.demoRemoved}`);
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
