// Child-process entry of openStorage: initialise the embedded database, then exit.
import { loadConfig } from "../config";
import { initEmbedded } from "./open";

await initEmbedded(loadConfig());
