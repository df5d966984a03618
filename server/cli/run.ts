/**
 * What the CLIs share: exit codes and error output. 0 done, 1 refused (message on stderr),
 * 2 usage error (message and usage on stderr). Anything else is a bug and is thrown.
 */
import { ConfigError } from "../config";
import { ServiceError } from "../services/errors";
import { DataDirError } from "../storage/dataDir";
import { DataDirLockedError } from "../storage/lock";

export class UsageError extends Error {}

const isParseArgsError = (err: unknown): err is TypeError =>
  err instanceof TypeError && "code" in err && String(err.code).startsWith("ERR_PARSE_ARGS");

/**
 * Runs a CLI's main and sets the exit code. `explain` may print a refusal the CLI knows better
 * (returning true when it did).
 */
export async function runCli(usage: string, main: () => Promise<number>, explain: (err: unknown) => boolean = () => false): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (err) {
    if (err instanceof UsageError || isParseArgsError(err)) {
      console.error(`error: ${err.message}\n${usage}`);
      process.exitCode = 2;
    } else if (explain(err)) {
      process.exitCode = 1;
    } else if (err instanceof ServiceError) {
      console.error(`error: ${err.extra.field ? `${err.extra.field}: ` : ""}${err.message}`);
      process.exitCode = 1;
    } else if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof DataDirError) {
      console.error(`error: ${err.message}`);
      process.exitCode = 1;
    } else {
      throw err;
    }
  }
}
