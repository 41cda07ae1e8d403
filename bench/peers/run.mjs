#!/usr/bin/env node
// Baton side by side with its peers: every measure of every framework runs in fresh
// `node --expose-gc` processes (3 each by default), frameworks taking turns within each
// round so the machine's state is shared; the table shows the medians.
//
//   node bench/peers/run.mjs [--runs N] [--json]
//                            [--measure loop-200,loop-10,turn,stream,concurrent]
//                            [--framework hand-written,baton,ai-sdk,openai-agents]
//                            [--iterations 200] [--deltas 20000] [--concurrency 1000]
//
// See README.md for what each measure does.
import { execFile } from "node:child_process";
import { cpus, loadavg, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));

const FRAMEWORKS = [
  { id: "hand-written", label: "hand-written", file: "handwritten.mjs" },
  { id: "baton", label: "Baton", file: "baton.mjs" },
  { id: "ai-sdk", label: "AI SDK", file: "ai-sdk.mjs" },
  { id: "openai-agents", label: "OpenAI Agents", file: "openai-agents.mjs" },
];

function parseArgs(argv) {
  const options = { runs: 3, json: false, measure: undefined, framework: undefined, iterations: 200, deltas: 20_000, concurrency: 1000 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.split("=", 2);
    const value = () => inline ?? argv[++i];
    if (flag === "--json") options.json = true;
    else if (flag === "--runs") options.runs = Number(value());
    else if (flag === "--measure") options.measure = value().split(",");
    else if (flag === "--framework") options.framework = value().split(",");
    else if (flag === "--iterations") options.iterations = Number(value());
    else if (flag === "--deltas") options.deltas = Number(value());
    else if (flag === "--concurrency") options.concurrency = Number(value());
    else if (flag === "--help" || flag === "-h") {
      console.log(
        "node bench/peers/run.mjs [--runs N] [--json] [--measure loop-200,loop-10,turn,stream,concurrent] [--framework hand-written,baton,ai-sdk,openai-agents] [--iterations N] [--deltas D] [--concurrency RUNS]",
      );
      process.exit(0);
    } else throw new Error(`unknown option ${arg}`);
  }
  if (!(options.runs >= 1)) throw new Error("--runs must be at least 1");
  return options;
}

const options = parseArgs(process.argv.slice(2));
const fmt = (value, digits) => value.toLocaleString("en", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const microseconds = (v) => `${fmt(v, v < 10 ? 2 : v < 1000 ? 1 : 0)} µs`;

// Each measure: the child's arguments, and the table rows read from its results.
const MEASURES = [
  {
    id: "loop-200",
    args: ["loop", String(options.iterations)],
    rows: [{ label: `µs per loop iteration, ${options.iterations}-iteration runs`, key: "usPerIteration", show: microseconds }],
  },
  {
    id: "loop-10",
    args: ["loop", "10"],
    rows: [{ label: "µs per loop iteration, 10-iteration runs", key: "usPerIteration", show: microseconds }],
  },
  {
    id: "turn",
    args: ["turn"],
    rows: [{ label: "µs per one-turn run (the model answers at once)", key: "usPerRun", show: microseconds }],
  },
  {
    id: "stream",
    args: ["stream", String(options.deltas)],
    rows: [{ label: `text deltas/s, one turn of ${fmt(options.deltas, 0)} deltas`, key: "deltasPerSecond", show: (v) => `${fmt(v / 1000, 0)}k/s` }],
  },
  {
    id: "concurrent",
    args: ["concurrent", String(options.concurrency)],
    rows: [
      { label: `${fmt(options.concurrency, 0)} concurrent 3-tool runs: wall time`, key: "wallMs", show: (v) => `${fmt(v, v < 100 ? 1 : 0)} ms` },
      { label: `${fmt(options.concurrency, 0)} concurrent 3-tool runs: heap in flight`, key: "heapMB", show: (v) => `${fmt(v, 1)} MB` },
    ],
  },
];

const frameworks = FRAMEWORKS.filter((f) => !options.framework || options.framework.includes(f.id));
const measures = MEASURES.filter((m) => !options.measure || options.measure.includes(m.id));
if (options.framework && frameworks.length !== options.framework.length)
  throw new Error(`unknown framework in ${options.framework}: ${FRAMEWORKS.map((f) => f.id)}`);
if (options.measure && measures.length !== options.measure.length) throw new Error(`unknown measure in ${options.measure}: ${MEASURES.map((m) => m.id)}`);

/** Runs one framework's measure in a fresh process; resolves with its JSON line, or { error }. */
function child(framework, measure) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--expose-gc", join(here, framework.file), ...measure.args],
      { encoding: "utf8", timeout: 180_000, maxBuffer: 16 * 2 ** 20 },
      (error, stdout, stderr) => {
        const last = stdout.trim().split("\n").at(-1);
        try {
          if (!error) return resolve(JSON.parse(last));
        } catch {}
        const why =
          (stderr || error?.message || "no output")
            .trim()
            .split("\n")
            .find((line) => /Error|error/.test(line)) ?? (stderr || String(error)).trim().split("\n")[0];
        resolve({ error: why.slice(0, 200) });
      },
    );
  });
}

const started = performance.now();
const progress = !options.json && process.stderr.isTTY; // a progress line, on terminals only
const results = {}; // results[measure][framework] = [one JSON object per process]
for (const measure of measures) {
  results[measure.id] = Object.fromEntries(frameworks.map((f) => [f.id, []]));
  for (let round = 0; round < options.runs; round++) {
    // Frameworks take turns in every round, in a rotating order, so drifts in the
    // machine's load spread over all of them.
    for (let i = 0; i < frameworks.length; i++) {
      const framework = frameworks[(i + round) % frameworks.length];
      const previous = results[measure.id][framework.id];
      // A peer that is unavailable (or failed) once is not started again.
      if (previous.some((r) => r.unavailable || r.error)) continue;
      if (progress) process.stderr.write(`${measure.id} ${framework.id} ${round + 1}/${options.runs}\r`);
      previous.push(await child(framework, measure));
    }
  }
}
if (progress) process.stderr.write(`${" ".repeat(60)}\r`);

/** The cell of one row for one framework: the median over processes, or why not. */
function cell(outcomes, row) {
  const failed = outcomes.find((r) => r.unavailable || r.error);
  if (failed?.unavailable) return { text: `n/a (${failed.unavailable})` };
  if (failed?.error) return { text: `failed (${failed.error})` };
  const values = outcomes.map((r) => r[row.key]);
  const value = median(values);
  return { text: row.show(value), value, values };
}

const table = [];
const versions = Object.fromEntries(
  frameworks.map((f) => [
    f.id,
    Object.values(results)
      .flatMap((m) => m[f.id])
      .find((r) => r.version)?.version ?? "—",
  ]),
);
const versionLabel = { "hand-written": "—", baton: "@baton/loop", "ai-sdk": "ai", "openai-agents": "@openai/agents-core" };
table.push({
  measure: "version",
  cells: Object.fromEntries(frameworks.map((f) => [f.id, { text: f.id === "hand-written" ? "—" : `${versionLabel[f.id]} ${versions[f.id]}` }])),
});
for (const measure of measures) {
  for (const row of measure.rows) {
    table.push({ measure: row.label, key: row.key, cells: Object.fromEntries(frameworks.map((f) => [f.id, cell(results[measure.id][f.id], row)])) });
  }
}

const machine = `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model?.trim() ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${loadavg()[0].toFixed(1)}`;
const seconds = (performance.now() - started) / 1000;
if (options.json) {
  console.log(
    JSON.stringify(
      {
        machine,
        runs: options.runs,
        seconds,
        settings: { iterations: options.iterations, deltas: options.deltas, concurrency: options.concurrency },
        rows: table.map((row) => ({
          measure: row.measure,
          key: row.key,
          ...Object.fromEntries(Object.entries(row.cells).map(([id, c]) => [id, c.value === undefined ? c.text : { median: c.value, values: c.values }])),
        })),
        raw: results,
      },
      null,
      2,
    ),
  );
} else {
  const header = ["measure", ...frameworks.map((f) => f.label)];
  const lines = table.map((row) => [row.measure, ...frameworks.map((f) => row.cells[f.id].text)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  console.log(`Peers side by side: ${machine}; medians over ${options.runs} process${options.runs === 1 ? "" : "es"} each (${seconds.toFixed(0)} s)`);
  console.log(line(header));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const l of lines) console.log(line(l));
}
