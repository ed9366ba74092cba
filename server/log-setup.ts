// Imported first by server/main.ts: every line the process writes is JSON from its first module on.
import { logEverythingAsJson } from "./log";

logEverythingAsJson();
