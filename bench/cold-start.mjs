#!/usr/bin/env node
// Cold start: how long a fresh Node process takes to import a framework (and, for the
// umbrella package, to finish a first scripted run), against bare Node. Every case
// runs in fresh processes, the cases taking turns within each round so they share the
// machine's state; the table shows the median (and the spread) of the wall time from
// spawning the process to its exit, that median minus bare Node's, and the median time
// the imports (and run) take inside the process, and the CPU time the whole process
// used (user + system): the last two are less sensitive to a busy machine.
//
//   node bench/cold-start.mjs [--runs N] [--json]
//
// Baton's packages are imported from their built files (run the build first), so the
// umbrella is found by its folder whatever its package name.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median } from "./instant-agent.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const built = (folder, file = "index.js") => JSON.stringify(pathToFileURL(join(here, "..", "packages", folder, "dist", file)).href);

/** The cases: a label and the module text a fresh process runs (resolved from bench/). */
export const CASES = [
  { id: "bare", label: "bare node", source: "" },
  { id: "core", label: "@baton/core", source: `await import(${built("core")});` },
  { id: "tools", label: "@baton/tools", source: `await import(${built("tools")});` },
  {
    id: "tools-json-schema",
    label: "@baton/tools + a JSON Schema tool (loads Ajv)",
    source: `
      const { defineTool } = await import(${built("tools")});
      defineTool({ name: "search", description: "Searches.", parameters: { type: "object", properties: { q: { type: "string" } } }, execute: () => "" });`,
  },
  {
    id: "loop-tools-openai",
    label: "@baton/loop + @baton/tools + @baton/openai",
    source: `await Promise.all([import(${built("loop")}), import(${built("tools")}), import(${built("openai")})]);`,
  },
  {
    id: "umbrella-run",
    label: "umbrella (packages/baton) + first scripted run",
    source: `
      const { createAgent } = await import(${built("baton")});
      const { scriptedModel } = await import(${built("testing")});
      const agent = createAgent({ provider: scriptedModel([{ text: ["Hi."] }]), model: "scripted", instructions: "Be brief." });
      const result = await agent.run("Hello");
      if (result.text !== "Hi.") throw new Error("unexpected answer: " + result.text);`,
  },
  { id: "ai-sdk", label: "ai + @ai-sdk/openai", source: `await Promise.all([import("ai"), import("@ai-sdk/openai")]);` },
  { id: "openai-agents", label: "@openai/agents", source: `await import("@openai/agents");` },
];

function parseArgs(argv) {
  const options = { runs: 10, json: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    if (flag === "--json") options.json = true;
    else if (flag === "--runs") options.runs = Number(inline ?? argv[++i]);
    else throw new Error(`unknown option ${argv[i]} (use --runs N, --json)`);
  }
  return options;
}

/**
 * Runs `source` in a fresh `node --input-type=module` process: the milliseconds from
 * spawning it to its exit, those its code took inside the process, and the CPU time
 * (user + system) the process used.
 */
function timeProcess(source) {
  const timed = `const started = performance.now();\n${source}\nconst cpu = process.cpuUsage();\nprocess.stdout.write(JSON.stringify([performance.now() - started, (cpu.user + cpu.system) / 1000]));`;
  const started = performance.now();
  const child = spawnSync(process.execPath, ["--input-type=module", "--eval", timed], { cwd: here, encoding: "utf8" });
  const wallMs = performance.now() - started;
  if (child.status !== 0) throw new Error(`process failed (${child.status}): ${child.stderr}`);
  const [insideMs, cpuMs] = JSON.parse(child.stdout);
  return { wallMs, insideMs, cpuMs };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  for (const entry of CASES) timeProcess(entry.source); // warm the file system cache
  const times = new Map(CASES.map((entry) => [entry.id, []]));
  for (let round = 0; round < options.runs; round++) {
    for (const entry of CASES) times.get(entry.id).push(timeProcess(entry.source));
  }
  const bare = median(times.get("bare").map((time) => time.wallMs));
  const rows = CASES.map((entry) => {
    const wall = times.get(entry.id).map((time) => time.wallMs);
    const medianMs = median(wall);
    const insideMs = median(times.get(entry.id).map((time) => time.insideMs));
    const cpuMs = median(times.get(entry.id).map((time) => time.cpuMs));
    return { id: entry.id, label: entry.label, medianMs, minMs: Math.min(...wall), maxMs: Math.max(...wall), aboveBareMs: medianMs - bare, insideMs, cpuMs };
  });
  if (options.json) {
    console.log(JSON.stringify({ node: process.version, runs: options.runs, rows }));
    return;
  }
  console.log(`Cold start, median of ${options.runs} fresh processes (Node ${process.version}):\n`);
  const width = Math.max(...rows.map((row) => row.label.length));
  console.log(`| ${"case".padEnd(width)} | process  | min–max         | above bare node | inside the process | process CPU |`);
  console.log(`| ${"-".repeat(width)} | -------- | --------------- | --------------- | ------------------ | ----------- |`);
  for (const row of rows) {
    const spread = `${row.minMs.toFixed(0)}–${row.maxMs.toFixed(0)} ms`;
    const above = row.id === "bare" ? "" : `+${row.aboveBareMs.toFixed(0)} ms`;
    const inside = row.id === "bare" ? "" : `${row.insideMs.toFixed(1)} ms`;
    const cpu = `${row.cpuMs.toFixed(0)} ms`;
    console.log(
      `| ${row.label.padEnd(width)} | ${`${row.medianMs.toFixed(0)} ms`.padEnd(8)} | ${spread.padEnd(15)} | ${above.padEnd(15)} | ${inside.padEnd(18)} | ${cpu.padEnd(11)} |`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
