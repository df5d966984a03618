// `npm run users|metrics|orders|social|ads|kol|affiliate -- …`: the CLI as it runs outside the tests, from its bundle
// (scripts/lib/serverBuild.mjs, rebuilt first when a source changed), in this process.
import { pathToFileURL } from "node:url";
import { ensureServerBuild, serverBundle } from "./lib/serverBuild.mjs";

const CLIS = ["users", "metrics", "orders", "social", "ads", "kol", "affiliate"];
const name = process.argv[2];
if (!CLIS.includes(name)) {
  console.error(`usage: node scripts/cli.mjs <${CLIS.join("|")}> [arguments]`);
  process.exit(2);
}
await ensureServerBuild();
// The CLI reads its arguments from process.argv.slice(2), as when it is run on its own.
process.argv.splice(2, 1);
await import(pathToFileURL(serverBundle(name)).href);
