// The runs the profile looks at: the peer harness's Baton runs (bench/peers), so a
// profile explains the side-by-side table. Each scenario gives `start()` → `{ once,
// runsPerCall }` (one call of `once` makes `runsPerCall` runs) and, for the held-object
// view, `startGated()` → runs that all wait inside a tool.
import { batonAdapter } from "../peers/baton-adapter.mjs";
import { gatedThreeToolsRunner } from "../peers/harness.mjs";

const runs = await batonAdapter.load();

/** Three instant async tools a, b, c. */
const instantTools = () => ({ a: async () => "a", b: async () => "b", c: async () => "c" });

/** Every scenario by name. `unit`: what one run repeats (its per-unit figures divide by `unitsPerRun`). */
export const SCENARIOS = {
  turn: {
    description: "one-turn run: the model answers at once (no tool, not streamed)",
    unit: "model turn",
    unitsPerRun: 1,
    start: () => ({ once: runs.turnRunner(), runsPerCall: 1 }),
  },
  "loop-10": {
    description: "10-iteration run: each iteration one model call asking for one instant tool, and its result",
    unit: "iteration",
    unitsPerRun: 10,
    start: () => ({ once: runs.loopRunner(10, () => 1), runsPerCall: 1 }),
  },
  stream: {
    description: "streamed one-turn run of 2,000 one-word text deltas, consumed with for await",
    unit: "delta",
    unitsPerRun: 2000,
    start: () => ({ once: runs.streamRunner(2000), runsPerCall: 1 }),
  },
  "three-tools": {
    description: "1,000 concurrent runs (Promise.all), each calling tools a, b, c in three turns, then answering",
    unit: "model turn",
    unitsPerRun: 4,
    start: () => {
      const one = runs.threeToolsRunner(instantTools());
      return {
        once: () => Promise.all(Array.from({ length: 1000 }, one)),
        runsPerCall: 1000,
      };
    },
    /** 1,000 runs that all wait in tool b: `{ runs, one, waiting, release }`. */
    startGated: () => ({ runs: 1000, ...gatedThreeToolsRunner(runs, 1000, instantTools()) }),
  },
};
