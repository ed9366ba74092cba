import { startBenchServers } from "./bench-servers";
const s = await startBenchServers();
console.log("APP", s.appUrl);
await new Promise((r) => setTimeout(r, 60_000));
s.stop();
