/**
 * The users CLI: `npm run users -- <command> [options]`, on the same DATA_DIR / DATABASE_URL
 * as the server. Exit codes: 0 done, 1 refused (message on stderr), 2 usage error.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import type { MaLabel } from "../../domain/entities";
import { AdminService } from "../services/admin";
import { ReadCaches } from "../services/cache";
import { parsePermissions, UserService } from "../services/users";
import { openStorage } from "../storage/open";
import { runCli, UsageError } from "./run";

const USAGE = `Usage: npm run users -- <command> [options]
  add --email E --password P --name N --permissions 1,2,9 [--brands Tipco,Aura]
  list
  set-permissions --email E --permissions 1,4
  reset-password --email E --password P
  remove --email E
  brands add --name N [--ma-label MA]      (MA label: "Facebook MA" (default) or "MA")
  brands rename --name OLD --to NEW
  brands list
Every change is written to the event log with the actor "cli" (the Admin audit lists it).`;


function need(values: Record<string, string | undefined>, ...names: string[]): string[] {
  const missing = names.filter((n) => !values[n]);
  if (missing.length > 0) throw new UsageError(`missing ${missing.map((m) => `--${m}`).join(", ")}`);
  return names.map((n) => values[n]!);
}

const MA_LABELS = ["Facebook MA", "MA"] as const satisfies readonly MaLabel[];

async function brands(admin: AdminService, positionals: string[], values: Record<string, string | undefined>): Promise<number> {
  const [sub, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected ${extra.join(" ")}`);
  switch (sub) {
    case "add": {
      const [name] = need(values, "name");
      const label = values["ma-label"];
      if (label !== undefined && !(MA_LABELS as readonly string[]).includes(label)) throw new UsageError(`--ma-label must be ${MA_LABELS.map((l) => `"${l}"`).join(" or ")}`);
      const b = await admin.cliAddBrand(name!, label as MaLabel | undefined);
      console.log(`added brand ${b.name} (MA label ${b.maLabel}; channels ${b.channels.map((c) => `${c.channel} from ${c.startYear}`).join(", ") || "none"})`);
      return 0;
    }
    case "rename": {
      const [from, to] = need(values, "name", "to");
      const b = await admin.cliRenameBrand(from!, to!);
      console.log(`renamed brand ${from!.trim()} to ${b.name}`);
      return 0;
    }
    case "list": {
      const rows = await admin.cliBrands();
      if (rows.length === 0) console.log("no brands");
      for (const b of rows) {
        const channels = b.channels.map((c) => `${c.channel}:${c.startYear}`).join(",");
        console.log(`${b.name}\tma-label=${b.maLabel}\tchannels=${channels}\taccounts=${b.accounts.length}\tusers=${b.users}`);
      }
      return 0;
    }
    default:
      throw new UsageError(sub ? `unknown brands command "${sub}"` : "missing brands command (add, rename or list)");
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help") {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      email: { type: "string" }, password: { type: "string" }, name: { type: "string" },
      permissions: { type: "string" }, brands: { type: "string" }, "ma-label": { type: "string" }, to: { type: "string" },
    },
    allowPositionals: command === "brands",
    strict: true,
  });
  const config = loadConfig();
  // The CLI never seeds: it only opens (and, if new, creates) the database.
  const { storage } = await openStorage({ ...config, seedDemo: "false" });
  const caches = new ReadCaches();
  const users = new UserService(storage, caches);
  const admin = new AdminService(storage, caches, users);
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
      case "brands":
        return await brands(admin, positionals, values);
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } finally {
    await storage.close();
  }
}

await runCli(USAGE, () => main(process.argv.slice(2)));
