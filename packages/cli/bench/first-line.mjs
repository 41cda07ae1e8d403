// Time from starting the `baton` command to its first line of output, median of 10
// runs each: bare node printing a line (the floor), `baton --version`, and
// `baton run` as a pipe against a local server replaying a recorded OpenAI stream.
// Build first (`npm run build`). Usage: node bench/first-line.mjs [runs]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadProviderFixture, startProviderServer } from "@baton/testing";

const RUNS = Number(process.argv[2] ?? 10);
const packageDir = fileURLToPath(new URL("..", import.meta.url));
const bin = join(packageDir, "dist", "bin.js");
const template = join(packageDir, "test", "fixtures", "hello.json");

/** Milliseconds from spawn to the first newline on stdout, and to exit. */
function measure(args, env, cwd) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    let firstLine;
    let output = "";
    const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (firstLine === undefined && output.includes("\n")) firstLine = Number(process.hrtime.bigint() - started) / 1e6;
    });
    let errors = "";
    child.stderr.on("data", (chunk) => (errors += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`${args.join(" ")} exited with ${code}: ${errors}`));
      else resolve({ firstLine, exit: Number(process.hrtime.bigint() - started) / 1e6 });
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const server = await startProviderServer();
const cwd = mkdtempSync(join(tmpdir(), "baton-bench-"));
const env = { ...process.env, NO_COLOR: "1", OPENAI_API_KEY: "sk-bench", OPENAI_BASE_URL: `${server.url}/v1`, BATON_STORAGE: `sqlite:${join(cwd, "runs.db")}` };
const cases = [
  ["node -e (a line, bare node)", ["-e", "console.log('hello')"]],
  ["baton --version", [bin, "--version"]],
  [
    "baton run (pipe, replayed stream)",
    [bin, "run", template, "Hi"],
    () => server.enqueue({ kind: "stream", protocol: "openai-chat", chunks: loadProviderFixture("openai-chat", "openai-text") }),
  ],
];
const rows = [];
try {
  for (const [name, args, before] of cases) {
    const first = [];
    const exit = [];
    before?.();
    await measure(args, env, cwd); // warm the file system cache
    for (let i = 0; i < RUNS; i++) {
      before?.();
      const timing = await measure(args, env, cwd);
      first.push(timing.firstLine);
      exit.push(timing.exit);
    }
    rows.push({ command: name, "first line (ms)": median(first).toFixed(0), "exit (ms)": median(exit).toFixed(0) });
  }
} finally {
  await server.close();
  rmSync(cwd, { recursive: true, force: true });
}
console.log(`Median of ${RUNS} runs, Node ${process.version}:`);
console.table(rows);
