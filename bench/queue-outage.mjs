#!/usr/bin/env node
// How the queue's bounded calls behave when its Redis is away (@baton/queue, issue 24), on
// a private `redis-server` this script starts on a free port of 127.0.0.1 (never the
// shared one): for each round,
//   paused — the server is stopped with SIGSTOP: how long each call of the API
//            (submit, resume, abort, countJobs, events.head, events.read) takes to
//            reject, and with what code; then SIGCONT and how long until submit works;
//   down   — the server is killed: the same; then it is started again and how long until
//            submit works again on the same queue (the client reconnects by itself).
// Prints the median and the max per call over the rounds. The server is killed at the end.
// Usage: node bench/queue-outage.mjs [--rounds 5] [--timeout 2000] [--json]
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { createRunQueue } from "@baton/queue";
import { startPrivateRedis } from "@baton/testing";

const { values: args } = parseArgs({
  options: { rounds: { type: "string", default: "5" }, timeout: { type: "string", default: "2000" }, json: { type: "boolean", default: false } },
});
const ROUNDS = Number(args.rounds);
const TIMEOUT_MS = Number(args.timeout);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// A private redis-server of this script's own (never the shared one), killed with SIGKILL and started again.
const server = await startPrivateRedis();
const queue = createRunQueue({ connection: server.url(), name: `outage-${randomUUID().slice(0, 8)}`, commandTimeoutMs: TIMEOUT_MS });
await queue.ready();
const runId = `known-${randomUUID()}`;
await queue.submit({ agent: "echo", input: "Known.", runId });

const calls = {
  submit: () => queue.submit({ agent: "echo", input: "Hello." }),
  resume: () => queue.resume({ agent: "echo", runId }),
  abort: () => queue.abort(runId),
  countJobs: () => queue.countJobs("waiting"),
  "events.head": () => queue.events.head(runId),
  "events.read": async () => {
    for await (const _batch of queue.events.read(runId, 0, AbortSignal.timeout(60_000))) {
      // A run with no worker: the read waits for events until Redis stops answering.
    }
  },
};

/** How long each call takes to settle now, and how: the error code, or "answered". */
async function timeEveryCall() {
  return Object.fromEntries(
    await Promise.all(
      Object.entries(calls).map(async ([name, call]) => {
        const started = performance.now();
        const outcome = await call().then(
          () => "answered",
          (error) => error?.code ?? String(error),
        );
        return [name, { ms: performance.now() - started, outcome }];
      }),
    ),
  );
}

/** How long until `submit` works again (tried every 50 ms). */
async function timeUntilBack() {
  const started = performance.now();
  for (;;) {
    try {
      await queue.submit({ agent: "echo", input: "Back?" });
      return performance.now() - started;
    } catch {
      await sleep(50);
    }
  }
}

const samples = { paused: [], down: [] };
const recoveries = { paused: [], down: [] };
for (let round = 0; round < ROUNDS; round++) {
  server.pause();
  samples.paused.push(await timeEveryCall());
  server.resume();
  recoveries.paused.push(await timeUntilBack());

  await server.kill();
  samples.down.push(await timeEveryCall());
  await server.start();
  recoveries.down.push(await timeUntilBack());
  await queue.submit({ agent: "echo", input: "Known.", runId });
}
await queue.close();
await server.stop();

const rows = [];
for (const mode of ["paused", "down"]) {
  for (const name of Object.keys(calls)) {
    const times = samples[mode].map((sample) => sample[name].ms);
    const outcomes = [...new Set(samples[mode].map((sample) => sample[name].outcome))].join(", ");
    rows.push({ mode, call: name, median: median(times), max: Math.max(...times), outcomes });
  }
  rows.push({ mode, call: "back: submit works again after", median: median(recoveries[mode]), max: Math.max(...recoveries[mode]), outcomes: "answered" });
}
if (args.json) {
  console.log(JSON.stringify({ rounds: ROUNDS, commandTimeoutMs: TIMEOUT_MS, rows }, null, 2));
} else {
  const header = ["Redis", "call", "median", "max", "outcome"];
  const cells = rows.map((row) => [row.mode, row.call, `${row.median.toFixed(0)} ms`, `${row.max.toFixed(0)} ms`, row.outcomes]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i].length)));
  const line = (values) => `| ${values.map((value, i) => value.padEnd(widths[i])).join(" | ")} |`;
  console.log(`\nQueue calls while Redis is away (commandTimeoutMs ${TIMEOUT_MS}, ${ROUNDS} rounds, Node ${process.version})`);
  console.log(line(header));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const row of cells) console.log(line(row));
}
