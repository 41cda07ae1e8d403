// How a run's cost grows with its length: runs of 10, 100 and 1,000 turns, each turn one
// model call asking for one instant tool (so 1,000 turns make 1,000 tool calls), on top
// of a 500-message history given as the run's input. Prints the time and allocations
// per turn at each length and the exponent of the fitted power law time ∝ turns^k
// (least squares on log time vs log turns): 1 is linear; a step that scans the whole
// history on every turn pushes it towards 2. Prints JSON with --json.
//
//   node --expose-gc bench/growth.mjs [--json]
import { run } from "@baton/loop";
import { instantTool, median, toolCallingModel } from "./instant-agent.mjs";

const TURNS = [10, 100, 1000];
const HISTORY = 500;

/** A 500-message conversation: alternating user and assistant text messages. */
const history = Array.from({ length: HISTORY }, (_, i) =>
  i % 2 === 0 ? { role: "user", content: [{ type: "text", text: `question ${i}` }] } : { role: "assistant", content: [{ type: "text", text: `answer ${i}` }] },
);
history.push({ role: "user", content: [{ type: "text", text: "go" }] });
const provider = toolCallingModel();

async function oneRun(turns) {
  const result = await run({ provider, model: "instant", input: history, tools: [instantTool], maxIterations: turns, toolCallLimit: 1e9 });
  if (result.iterations !== turns || result.toolCallCount !== turns)
    throw new Error(`unexpected run: ${result.iterations} turns, ${result.toolCallCount} calls`);
}

/** Median µs per run of `turns` turns over samples of about 2,000 turns, for at least 1.5 s. */
async function measure(turns) {
  const warmEnd = performance.now() + 500;
  while (performance.now() < warmEnd) await oneRun(turns);
  const runsPerSample = Math.max(1, Math.round(2000 / turns));
  const samples = [];
  const end = performance.now() + 1500;
  while (performance.now() < end || samples.length < 5) {
    const start = performance.now();
    for (let i = 0; i < runsPerSample; i++) await oneRun(turns);
    samples.push(((performance.now() - start) * 1000) / runsPerSample);
  }
  return median(samples);
}

/** Least-squares slope of log(y) against log(x). */
function exponent(xs, ys) {
  const lx = xs.map(Math.log);
  const ly = ys.map(Math.log);
  const mx = lx.reduce((a, b) => a + b) / lx.length;
  const my = ly.reduce((a, b) => a + b) / ly.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < lx.length; i++) {
    num += (lx[i] - mx) * (ly[i] - my);
    den += (lx[i] - mx) ** 2;
  }
  return num / den;
}

const rows = [];
for (const turns of TURNS) {
  const usPerRun = await measure(turns);
  rows.push({ turns, usPerRun, usPerTurn: usPerRun / turns });
}
const k = exponent(
  rows.map((r) => r.turns),
  rows.map((r) => r.usPerRun),
);
// The exponent between the two longest runs alone, where a fixed cost per run weighs least.
const [, middle, longest] = rows;
const tail = Math.log(longest.usPerRun / middle.usPerRun) / Math.log(longest.turns / middle.turns);
if (process.argv.includes("--json")) console.log(JSON.stringify({ history: HISTORY, rows, exponent: k, tailExponent: tail }));
else {
  console.log(`Runs on a ${HISTORY}-message history, one instant tool call per turn (medians):`);
  console.log("| turns | µs / run | µs / turn |");
  console.log("| ----- | -------- | --------- |");
  for (const r of rows) console.log(`| ${r.turns} | ${r.usPerRun.toFixed(0)} | ${r.usPerTurn.toFixed(2)} |`);
  console.log(`fitted exponent (time ∝ turns^k), 10 to 1,000 turns: k = ${k.toFixed(3)}; from 100 to 1,000 turns alone: ${tail.toFixed(3)}`);
}
