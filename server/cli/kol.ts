/**
 * The KOL tracking-sheet CLI: `npm run kol -- import FILE --campaign ID [--brand B]`, on the same
 * DATA_DIR / DATABASE_URL as the server (docs/kol-import.md). The embedded database is one
 * process's at a time: stop the server first, or run both on PostgreSQL (DATABASE_URL). Exit
 * codes: 0 done, 1 refused (the reason, and the rows at fault, on stderr), 2 usage error.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { ImportRefusedError, KOL_IMPORT_MAX_BYTES, KolImportService } from "../services/kolImport";
import { openStorage } from "../storage/open";
import { readCliFile } from "./readFile";
import { runCli, UsageError } from "./run";

const USAGE = `Usage: npm run kol -- <command> [options]
  import FILE --campaign ID [--brand B]
      FILE is a KOL post-tracking sheet, CSV or XLSX, one row per post: KOL, Platform, Link,
      Date, Views, Likes, Comments, Shares, Fee; optionally Handle, Followers, Reach, Saves,
      Clicks, Sales; English or Thai headers (docs/kol-import.md). --campaign is the KOL
      campaign's id (on the /campaign page); --brand makes sure it is that brand's. KOLs the
      brand does not know are added to its roster, and a KOL without a booking in the campaign
      gets one with the sheet's fee. Importing the same sheet again changes nothing.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help") {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    options: { brand: { type: "string" }, campaign: { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
  if (command !== "import") throw new UsageError(`unknown command "${command}"`);
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? "missing FILE" : "give exactly one FILE");
  if (values.campaign === undefined || values.campaign.trim() === "") throw new UsageError("missing --campaign");
  if (!/^[1-9][0-9]{0,9}$/.test(values.campaign.trim())) throw new UsageError(`--campaign must be a campaign id (a whole number), not "${values.campaign}"`);
  const file = positionals[0]!;
  const bytes = readCliFile(file, KOL_IMPORT_MAX_BYTES);
  const config = loadConfig();
  // The CLI never seeds: it only opens (and, if new, creates) the database.
  const { storage } = await openStorage({ ...config, seedDemo: "false" });
  try {
    const r = await new KolImportService(storage).importFile(
      bytes,
      { campaign: values.campaign.trim() },
      { cli: true, ...(values.brand !== undefined ? { brand: values.brand } : {}) },
    );
    console.log(`imported ${file} (${r.encoding}) into KOL campaign ${r.campaignId}: ${r.rows} posts; KOLs added ${r.kolsCreated}, bookings added ${r.bookingsCreated}, booking fees updated ${r.bookingsUpdated}`);
    console.log(`inserted ${r.inserted}, updated ${r.updated}, unchanged ${r.unchanged}`);
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
