// The import worker run from the TypeScript sources (tests, scripts): registers tsx in the
// worker thread, then loads the worker itself. The server's bundle runs importParseWorker.mjs.
import { register } from "tsx/esm/api";

register();
await import("./parseWorker.ts");
