// Child-process entry of openStorage: initialise the embedded database, then exit. A DATA_DIR
// problem (a full disk, a read-only directory) goes to the parent as one message, which it
// prints as one line; anything else is a bug and ends this process with its stack trace.
import { loadConfig } from "../config";
import { dataDirProblem } from "./dataDir";
import { initEmbedded, type InitProblem } from "./open";

// The channel to the parent must not keep this process alive once the work is done.
process.channel?.unref();
const config = loadConfig();
try {
  await initEmbedded(config);
} catch (err) {
  const problem = dataDirProblem(err, config.dataDir);
  if (problem === null) throw err;
  const message: InitProblem = { dataDirProblem: problem.message };
  if (process.send) await new Promise<void>((resolve) => process.send!(message, undefined, {}, () => resolve()));
  else console.error(problem.message);
  process.exit(1);
}
