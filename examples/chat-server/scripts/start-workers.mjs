#!/usr/bin/env node
// Starts N queue workers of the chat server (`node dist/worker.js`), each its own
// process, and stops them together: Ctrl-C or SIGTERM sends each one SIGTERM (they
// finish their runs in progress, at most WORKER_SHUTDOWN_MS) and waits for them.
//
//   npm run workers -- 2        # or: node scripts/start-workers.mjs 2
//
// The workers inherit the environment (BATON_QUEUE_REDIS_URL, BATON_QUEUE_NAME,
// BATON_QUEUE_PREFIX, CHAT_SERVER_SPEED, WORKER_CONCURRENCY, WORKER_LOCK_MS, …). Each
// line they print is prefixed with `[worker <i> <pid>]`. A worker that dies is not
// restarted: its runs are taken over by the others (try `kill -9 <pid>` mid-run).
// The script exits once every worker has exited: 0 when all stopped cleanly.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const WORKER = fileURLToPath(new URL("../dist/worker.js", import.meta.url));
/** How long after SIGTERM a worker is killed (SIGKILL) if it has not exited: its own shutdown limit plus a margin. */
const KILL_AFTER_MS = Number(process.env.WORKER_SHUTDOWN_MS || 10_000) + 5_000;

const raw = process.argv[2] ?? "2";
const count = Number(raw);
if (!Number.isInteger(count) || count < 1 || count > 64) {
  console.error(`Usage: node scripts/start-workers.mjs <N>   (N workers, 1 to 64; got ${JSON.stringify(raw)})`);
  process.exit(2);
}
if (!existsSync(WORKER)) {
  console.error(`${WORKER} is missing: run \`npm run build\` first.`);
  process.exit(2);
}

/** @type {Set<import("node:child_process").ChildProcess>} */
const running = new Set();
let stopping = false;
let failed = false;

for (let i = 1; i <= count; i++) {
  const child = spawn(process.execPath, [WORKER], { stdio: ["ignore", "pipe", "pipe"], env: process.env });
  const tag = `[worker ${i} ${child.pid}]`;
  running.add(child);
  createInterface({ input: child.stdout }).on("line", (line) => console.log(`${tag} ${line}`));
  createInterface({ input: child.stderr }).on("line", (line) => console.error(`${tag} ${line}`));
  child.on("exit", (code, signal) => {
    running.delete(child);
    const clean = code === 0 && stopping;
    if (!clean) failed = true;
    const how = signal === null ? `exited with code ${code}` : `was killed by ${signal}`;
    console.log(`${tag} ${how}${stopping ? "" : ` — ${running.size} worker${running.size === 1 ? "" : "s"} left; its runs go on in another worker`}.`);
    if (running.size === 0) process.exit(failed ? 1 : 0);
  });
}
console.log(`Started ${count} worker${count === 1 ? "" : "s"}: ${[...running].map((child) => child.pid).join(", ")}. Ctrl-C stops them.`);

function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping ${running.size} worker${running.size === 1 ? "" : "s"}…`);
  for (const child of running) child.kill("SIGTERM");
  setTimeout(() => {
    for (const child of running) child.kill("SIGKILL");
  }, KILL_AFTER_MS).unref();
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
