/**
 * The users CLI: `npm run users -- <command> [options]`, on the same DATA_DIR / DATABASE_URL
 * as the server. Exit codes: 0 done, 1 refused (message on stderr), 2 usage error.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { ReadCaches } from "../services/cache";
import { parsePermissions, UserService } from "../services/users";
import { openStorage } from "../storage/open";
import { runCli, UsageError } from "./run";

const USAGE = `Usage: npm run users -- <command> [options]
  add --email E --password P --name N --permissions 1,2,9 [--brands Tipco,Aura]
  list
  set-permissions --email E --permissions 1,4
  reset-password --email E --password P
  remove --email E`;


function need(values: Record<string, string | undefined>, ...names: string[]): string[] {
  const missing = names.filter((n) => !values[n]);
  if (missing.length > 0) throw new UsageError(`missing ${missing.map((m) => `--${m}`).join(", ")}`);
  return names.map((n) => values[n]!);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help") {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: "string" }, password: { type: "string" }, name: { type: "string" },
      permissions: { type: "string" }, brands: { type: "string" },
    },
    strict: true,
  });
  const config = loadConfig();
  // The CLI never seeds: it only opens (and, if new, creates) the database.
  const { storage } = await openStorage({ ...config, seedDemo: "false" });
  const users = new UserService(storage, new ReadCaches());
  try {
    switch (command) {
      case "add": {
        const [email, password, name, permissions] = need(values, "email", "password", "name", "permissions");
        const brands = (values.brands ?? "").split(",").map((b) => b.trim()).filter(Boolean);
        await users.create({ email: email!, password: password!, name: name!, permissions: parsePermissions(permissions!), brands });
        console.log(`added ${email!.trim().toLowerCase()}`);
        return 0;
      }
      case "list": {
        const rows = await users.list();
        if (rows.length === 0) console.log("no users");
        for (const u of rows) console.log(`${u.email}\t${u.name}\tpermissions=${u.permissions.join(",")}\tbrands=${u.brands.join(",")}`);
        return 0;
      }
      case "set-permissions": {
        const [email, permissions] = need(values, "email", "permissions");
        await users.setPermissions(email!, parsePermissions(permissions!));
        console.log(`permissions of ${email} set to ${parsePermissions(permissions!).join(",") || "(none)"}`);
        return 0;
      }
      case "reset-password": {
        const [email, password] = need(values, "email", "password");
        await users.resetPassword(email!, password!);
        console.log(`password of ${email} reset; their sessions were ended`);
        return 0;
      }
      case "remove": {
        const [email] = need(values, "email");
        await users.remove(email!);
        console.log(`removed ${email}`);
        return 0;
      }
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } finally {
    await storage.close();
  }
}

await runCli(USAGE, () => main(process.argv.slice(2)));
