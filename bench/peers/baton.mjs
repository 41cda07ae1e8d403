// Baton: the runs of baton-adapter.mjs, measured by the harness.
// Usage: node --expose-gc bench/peers/baton.mjs loop|turn|stream|concurrent [size]
import { batonAdapter } from "./baton-adapter.mjs";
import { main } from "./harness.mjs";

await main(batonAdapter);
