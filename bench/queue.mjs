#!/usr/bin/env node
// Scale-out (@baton/queue, issue 14) on the local Redis: what the queue path costs and
// what it carries. A scripted model with 50 ms latency per turn, instant tools.
//   1. overhead  — one 3-turn run (tool calls in turns 1 and 2, the answer in turn 3),
//                  sequential runs: `run()` in this process with Redis storage, vs the
//                  queue path (submit → the root `run-end` read from the event relay,
//                  and submit → BullMQ `completed` seen by QueueEvents) with one worker
//                  in this process and with one worker in a child process.
//   2. throughput — N runs of the 3-turn agent on 1, 2 and 4 worker processes
//                  (concurrency 10 each): runs/s and total time.
//   3. sse       — the relay's events delivered to SSE clients on two API nodes (child
//                  processes, each its own createRunQueue + followRunEvents + sendSse),
//                  half the clients on each, all following one run whose model streams
//                  many small text deltas with no delay; clients decode with
//                  decodeSseEvents in this process.
//   4. failover  — a worker process (lockDurationMs L, stalledIntervalMs S) running a
//                  run inside a long tool is SIGKILLed; time until the first event of
//                  the new attempt (a second root `run-start`) is in the relay, taken
//                  over by a worker in this process.
// Every queue name and key is unique to this process (`bench-queue-<pid>-<random>`); the
// queues are obliterated, the keys deleted and the child processes ended at the end.
// Usage: node bench/queue.mjs [--runs 30] [--throughput-runs 200] [--concurrency 10]
//   [--workers 1,2,4] [--clients 100] [--deltas 2000] [--sse-rounds 2] [--kills 5]
//   [--lock 2000] [--stalled 500] [--only overhead,throughput,sse,failover] [--json]
//   BATON_BENCH_REDIS_URL (default redis://127.0.0.1:6379)
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { decodeSseEvents } from "@baton/events/client";
import { run } from "@baton/loop";
import { createRunQueue, createRunWorker } from "@baton/queue";
import { createRedisStorage } from "@baton/storage-redis";
import { QueueEvents } from "bullmq";
import { Redis } from "ioredis";
import { benchAgents, threeTurnOptions } from "./queue-agents.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "30" },
    "throughput-runs": { type: "string", default: "200" },
    concurrency: { type: "string", default: "10" },
    workers: { type: "string", default: "1,2,4" },
    clients: { type: "string", default: "100" },
    deltas: { type: "string", default: "2000" },
    "sse-rounds": { type: "string", default: "2" },
    kills: { type: "string", default: "5" },
    lock: { type: "string", default: "2000" },
    stalled: { type: "string", default: "500" },
    "model-delay": { type: "string", default: "50" },
    only: { type: "string", default: "overhead,throughput,sse,failover" },
    json: { type: "boolean", default: false },
  },
});
const RUNS = Number(args.runs);
const THROUGHPUT_RUNS = Number(args["throughput-runs"]);
const CONCURRENCY = Number(args.concurrency);
const WORKER_COUNTS = args.workers.split(",").map(Number);
const CLIENTS = Number(args.clients);
const DELTAS = Number(args.deltas);
const SSE_ROUNDS = Number(args["sse-rounds"]);
const KILLS = Number(args.kills);
const LOCK_MS = Number(args.lock);
const STALLED_MS = Number(args.stalled);
const MODEL_DELAY_MS = Number(args["model-delay"]);
const ONLY = new Set(args.only.split(","));

const REDIS_URL = process.env.BATON_BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisUrl = new URL(REDIS_URL);
const bullConnection = {
  host: redisUrl.hostname,
  port: Number(redisUrl.port || 6379),
  ...(redisUrl.password ? { password: decodeURIComponent(redisUrl.password) } : {}),
  maxRetriesPerRequest: null,
};
const UNIQUE = `bench-queue-${process.pid}-${randomUUID().slice(0, 8)}`;
const PREFIX = UNIQUE;
const queueNames = new Set();
const queueName = (section) => {
  const name = `${UNIQUE}-${section}`;
  queueNames.add(name);
  return name;
};

// ---------------------------------------------------------------- helpers

const now = () => performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index];
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const p95 = (values) => quantile(values, 0.95);
const ms = (value, digits = 1) => `${value.toFixed(digits)} ms`;
const signed = (value, digits = 1) => `${value >= 0 ? "+" : ""}${value.toFixed(digits)} ms`;

function table(title, header, rows) {
  const widths = header.map((h, i) => Math.max(String(h).length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(" | ")} |`;
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const row of rows) console.log(line(row));
}

const children = new Set();
/** Starts queue-child.mjs with `config`; `ready` resolves with what follows READY (an API node's port). */
function startChild(config) {
  const child = spawn(process.execPath, [join(here, "queue-child.mjs")], {
    env: { ...process.env, BENCH_QUEUE: JSON.stringify({ redisUrl: REDIS_URL, prefix: PREFIX, ...config }) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let stdout = "";
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk) => {
    stderr += chunk;
    if (process.env.BENCH_QUEUE_VERBOSE) process.stderr.write(chunk);
  });
  const exited = new Promise((resolve) =>
    child.once("close", (code, signal) => {
      children.delete(child);
      resolve({ code, signal, stderr });
    }),
  );
  const ready = new Promise((resolve, reject) => {
    child.stdout.setEncoding("utf8").on("data", (chunk) => {
      stdout += chunk;
      const match = /READY ?(\d*)/.exec(stdout);
      if (match) resolve(match[1] ? Number(match[1]) : undefined);
    });
    child.once("close", (code) => reject(new Error(`A child process exited (code ${code}) before it was ready.\n${stderr}`)));
  });
  ready.catch(() => undefined);
  return { child, ready, exited, stderr: () => stderr };
}

/** Ends a child with SIGTERM (SIGKILL after `graceMs`). */
async function stopChild(started, graceMs = 3_000) {
  if (started.child.exitCode !== null || started.child.signalCode !== null) return started.exited;
  started.child.kill("SIGTERM");
  const timer = setTimeout(() => started.child.kill("SIGKILL"), graceMs);
  const result = await started.exited;
  clearTimeout(timer);
  return result;
}

/** BullMQ `completed`/`failed` events of one queue, by job id, with the time they arrived here. */
async function jobWatcher(name) {
  const events = new QueueEvents(name, { connection: bullConnection });
  const waiting = new Map();
  const settle = (jobId, outcome) => {
    const at = now();
    const entry = waiting.get(jobId);
    if (entry === undefined) return;
    waiting.delete(jobId);
    entry({ at, ...outcome });
  };
  events.on("completed", ({ jobId, returnvalue }) =>
    settle(jobId, { ok: true, returnvalue: typeof returnvalue === "string" ? JSON.parse(returnvalue) : returnvalue }),
  );
  events.on("failed", ({ jobId, failedReason }) => settle(jobId, { ok: false, failedReason }));
  await events.waitUntilReady();
  return {
    /** Register before submitting: resolves with { at, ok, returnvalue | failedReason }. */
    wait: (jobId) => new Promise((resolve) => waiting.set(jobId, resolve)),
    close: () => events.close(),
  };
}

const isRoot = (event) => !event.agentPath.includes("/");

/** Reads the relay of `runId` until `until(event)` is true; returns the time it was read. */
async function readRelayUntil(log, runId, until, after = 0) {
  const controller = new AbortController();
  try {
    for await (const batch of log.read(runId, after, controller.signal)) {
      for (const event of batch) if (until(event)) return { at: now(), event };
    }
  } finally {
    controller.abort();
  }
  throw new Error(`The relay of run ${runId} ended before the awaited event.`);
}

const summary = { machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version } };

// ---------------------------------------------------------------- 1. overhead

async function overhead(storage) {
  const options = threeTurnOptions({ modelDelayMs: MODEL_DELAY_MS, storage });
  // When the root run-start and run-end were emitted (in this process), by run id: for the breakdown.
  const marks = new Map();
  const markSink = (runId) => ({
    emit: (event) => {
      if (!isRoot(event) || (event.type !== "run-start" && event.type !== "run-end")) return;
      const mark = marks.get(runId) ?? {};
      mark[event.type] ??= now();
      marks.set(runId, mark);
    },
  });
  const inProcess = async () => {
    const start = now();
    const runId = randomUUID();
    const result = await run({ ...options, input: "go", runId, sinks: [markSink(runId)] });
    const total = now() - start;
    if (result.stopReason !== "completed" || result.text !== "done") throw new Error(`unexpected run: ${result.stopReason} ${result.text}`);
    const mark = marks.get(runId);
    marks.delete(runId);
    return { total, span: mark["run-end"] - mark["run-start"] };
  };

  // Two queues: one served by a worker in this process, one by a worker in a child process.
  const activeAt = new Map();
  const local = { name: queueName("overhead-local") };
  const remote = { name: queueName("overhead-child") };
  for (const path of [local, remote]) {
    path.queue = createRunQueue({ connection: REDIS_URL, name: path.name, prefix: PREFIX });
    path.jobs = await jobWatcher(path.name);
  }
  const agent = benchAgents({ modelDelayMs: MODEL_DELAY_MS, storage })["three-turn"];
  const marked = {
    run: (input, runOptions) => agent.run(input, { ...runOptions, sinks: [...runOptions.sinks, markSink(runOptions.runId)] }),
    resume: agent.resume,
  };
  const worker = createRunWorker({ connection: REDIS_URL, name: local.name, prefix: PREFIX, agents: { "three-turn": marked }, storage, concurrency: 1 });
  worker.worker.on("active", (job) => activeAt.set(job.id, now()));
  const child = startChild({ role: "worker", name: remote.name, concurrency: 1, modelDelayMs: MODEL_DELAY_MS });
  await Promise.all([worker.worker.waitUntilReady(), child.ready]);

  const queued = async ({ queue, jobs }) => {
    const runId = randomUUID();
    const completed = jobs.wait(runId);
    const start = now();
    await queue.submit({ agent: "three-turn", input: "go", runId });
    const submitted = now();
    const end = await readRelayUntil(queue.events, runId, (event) => event.type === "run-end" && isRoot(event));
    const done = await completed;
    if (!done.ok || done.returnvalue?.stopReason !== "completed") throw new Error(`job ${runId} did not complete: ${JSON.stringify(done)}`);
    if (end.event.stopReason !== "completed") throw new Error(`run ${runId} ended with ${end.event.stopReason}`);
    const sample = { submit: submitted - start, relay: end.at - start, completed: done.at - start };
    const mark = marks.get(runId);
    if (mark !== undefined && activeAt.has(runId)) {
      // Only for the worker in this process (same clock): where the time goes.
      Object.assign(sample, {
        pickUp: activeAt.get(runId) - submitted,
        attemptStart: mark["run-start"] - activeAt.get(runId),
        span: mark["run-end"] - mark["run-start"],
        relayRead: end.at - mark["run-end"],
        completedAfterRead: done.at - end.at,
      });
    }
    marks.delete(runId);
    activeAt.delete(runId);
    return sample;
  };

  // Round-robin, so a load spike on this shared machine hits the three paths alike; the
  // added time is taken per round (queue path minus the run() of the same round).
  const rounds = [];
  try {
    for (let i = 0; i < 5 + RUNS; i++) {
      const round = { baseline: await inProcess(), local: await queued(local), remote: await queued(remote) };
      if (i >= 5) rounds.push(round);
    }
  } finally {
    await worker.close();
    await stopChild(child);
    for (const path of [local, remote]) {
      await path.jobs.close();
      await path.queue.close();
    }
  }

  const baseline = rounds.map((r) => r.baseline.total);
  const rows = [["run() in this process, Redis storage", ms(median(baseline)), ms(p95(baseline)), "—", "—"]];
  const result = { baselineMedianMs: median(baseline), baselineP95Ms: p95(baseline) };
  for (const [label, key] of [
    ["queue, worker in this process", "local"],
    ["queue, worker in a child process", "remote"],
  ]) {
    for (const [what, field] of [
      ["submit → root run-end read from the relay", "relay"],
      ["submit → job completed (QueueEvents)", "completed"],
    ]) {
      const values = rounds.map((r) => r[key][field]);
      const added = rounds.map((r) => r[key][field] - r.baseline.total);
      rows.push([`${label}: ${what}`, ms(median(values)), ms(p95(values)), signed(median(added)), signed(p95(added))]);
      result[`${key}.${field}`] = { medianMs: median(values), p95Ms: p95(values), addedMedianMs: median(added), addedP95Ms: p95(added) };
    }
  }
  table(
    `1. Overhead: one 3-turn run (${MODEL_DELAY_MS} ms model latency per turn, instant tool), ${RUNS} rounds after 5 warm-up rounds; each round runs the three paths one after the other (target: added < 5 ms)`,
    ["path", "median", "p95", "added (median of rounds)", "added (p95 of rounds)"],
    rows,
  );
  const of = (key) => median(rounds.map((r) => r.local[key]));
  const breakdown = {
    submitMs: of("submit"),
    pickUpMs: of("pickUp"),
    attemptStartMs: of("attemptStart"),
    runExtraMs: median(rounds.map((r) => r.local.span - r.baseline.span)),
    relayReadMs: of("relayRead"),
    completedAfterReadMs: of("completedAfterRead"),
  };
  table(
    "1b. Where the added time goes (worker in this process, medians; root run-start and run-end marked by a sink in the worker)",
    ["step", "median"],
    [
      ["submit(): the run's mark and BullMQ's add (one round trip, on one connection)", ms(breakdown.submitMs, 2)],
      ["submit() returned → job active in the worker", ms(breakdown.pickUpMs, 2)],
      [
        "job active → root run-start emitted (job parse, run start with its claim; relay reopened and abort key read alongside)",
        ms(breakdown.attemptStartMs, 2),
      ],
      [`run-start → run-end in the worker minus the same in run() (${ms(median(rounds.map((r) => r.baseline.span)))})`, signed(breakdown.runExtraMs, 2)],
      ["run-end emitted → read from the relay by the client", ms(breakdown.relayReadMs, 2)],
      ["run-end read → job completed seen by QueueEvents", signed(breakdown.completedAfterReadMs, 2)],
    ],
  );
  result.breakdown = breakdown;
  summary.overhead = result;
}

// ---------------------------------------------------------------- 2. throughput

async function throughput() {
  const rows = [];
  summary.throughput = [];
  for (const count of WORKER_COUNTS) {
    const name = queueName(`tp${count}`);
    const queue = createRunQueue({ connection: REDIS_URL, name, prefix: PREFIX });
    const jobs = await jobWatcher(name);
    const workers = Array.from({ length: count }, () => startChild({ role: "worker", name, concurrency: CONCURRENCY, modelDelayMs: MODEL_DELAY_MS }));
    await Promise.all(workers.map((worker) => worker.ready));
    const batch = async (size) => {
      const ids = Array.from({ length: size }, () => randomUUID());
      const done = ids.map((id) => jobs.wait(id));
      const start = now();
      await Promise.all(ids.map((runId) => queue.submit({ agent: "three-turn", input: "go", runId })));
      const submitted = now();
      const outcomes = await Promise.all(done);
      const failed = outcomes.filter((o) => !o.ok || o.returnvalue?.stopReason !== "completed");
      if (failed.length > 0) throw new Error(`${failed.length} runs failed: ${JSON.stringify(failed[0])}`);
      const at = outcomes.map((o) => o.at - start);
      // BullMQ's own marks (ms since the epoch, set in Redis): how long each job was active.
      const timings = await Promise.all(ids.map((id) => queue.queue.getJob(id)));
      const activeMs = median(timings.map((job) => job.finishedOn - job.processedOn));
      return { totalMs: Math.max(...at), submitMs: submitted - start, activeMs };
    };
    await batch(count * CONCURRENCY); // warm-up: one round of every worker's slots
    const result = await batch(THROUGHPUT_RUNS);
    await Promise.all(workers.map((worker) => stopChild(worker)));
    await jobs.close();
    await queue.close();
    const perSecond = (THROUGHPUT_RUNS / result.totalMs) * 1000;
    const ideal = (count * CONCURRENCY * 1000) / (3 * MODEL_DELAY_MS);
    rows.push([
      count,
      count * CONCURRENCY,
      THROUGHPUT_RUNS,
      ms(result.totalMs, 0),
      ms(result.submitMs, 0),
      ms(result.activeMs, 0),
      `${perSecond.toFixed(1)} runs/s`,
      `${ideal.toFixed(0)} runs/s`,
      `${((perSecond / ideal) * 100).toFixed(0)} %`,
    ]);
    summary.throughput.push({
      workers: count,
      concurrency: CONCURRENCY,
      runs: THROUGHPUT_RUNS,
      totalMs: result.totalMs,
      submitMs: result.submitMs,
      activeMedianMs: result.activeMs,
      runsPerSecond: perSecond,
      idealRunsPerSecond: ideal,
    });
  }
  table(
    `2. Throughput: ${THROUGHPUT_RUNS} runs of the 3-turn agent (${MODEL_DELAY_MS} ms model latency), all submitted at once, concurrency ${CONCURRENCY} per worker process, ${cpus().length} cores`,
    [
      "workers",
      "slots",
      "runs",
      "total (submit → last completed)",
      "submitting all",
      "job active (median)",
      "throughput",
      "ideal (slots / 150 ms)",
      "of ideal",
    ],
    rows,
  );
}

// ---------------------------------------------------------------- 3. SSE fan-out

async function sseFanOut() {
  const name = queueName("sse");
  const streamDelayMs = 1_500; // clients attach before the deltas start
  const worker = startChild({ role: "worker", name, concurrency: 1, deltas: DELTAS, streamDelayMs, maxLength: Math.max(10_000, DELTAS * 2) });
  const nodes = [startChild({ role: "api", name }), startChild({ role: "api", name })];
  const [, ...ports] = await Promise.all([worker.ready, ...nodes.map((node) => node.ready)]);
  const urls = ports.map((port) => `http://127.0.0.1:${port}`);
  const queue = createRunQueue({ connection: REDIS_URL, name, prefix: PREFIX });
  const rows = [];
  summary.sse = [];
  try {
    for (let round = 0; round < SSE_ROUNDS; round++) {
      const { runId } = await queue.submit({ agent: "stream", input: "go" });
      const clients = await Promise.all(
        Array.from({ length: CLIENTS }, async (_, i) => {
          const response = await fetch(`${urls[i % urls.length]}/runs/${runId}/events`);
          if (response.status !== 200) throw new Error(`An API node answered ${response.status}: ${await response.text()}`);
          return response;
        }),
      );
      const connectedAt = now();
      const results = await Promise.all(
        clients.map(async (response) => {
          let count = 0;
          let fromFirstDelta = 0;
          let firstDeltaAt;
          let lastAt = 0;
          let inOrder = true;
          let expected = 1;
          let last;
          for await (const event of decodeSseEvents(response.body)) {
            count++;
            if (event.seq !== expected) inOrder = false;
            expected = event.seq + 1;
            if (firstDeltaAt === undefined && event.type === "text-delta") firstDeltaAt = now();
            if (firstDeltaAt !== undefined) fromFirstDelta++;
            last = event;
          }
          lastAt = now();
          return { count, fromFirstDelta, firstDeltaAt, lastAt, inOrder, ended: last?.type === "run-end" && last.stopReason === "completed" };
        }),
      );
      const head = await queue.events.head(runId);
      const produced = head.lastSeq;
      // How long the worker took to produce the stream (event timestamps are the worker's clock, the same machine).
      const logged = [];
      const controller = new AbortController();
      for await (const batch of queue.events.read(runId, 0, controller.signal)) logged.push(...batch);
      const firstDelta = logged.find((event) => event.type === "text-delta");
      const runEnd = logged.findLast((event) => event.type === "run-end");
      const producedMs = runEnd.timestamp - firstDelta.timestamp;

      const start = Math.min(...results.map((r) => r.firstDeltaAt));
      const end = Math.max(...results.map((r) => r.lastAt));
      const delivered = results.reduce((sum, r) => sum + r.fromFirstDelta, 0);
      const elapsed = end - start;
      const allWhole = results.every((r) => r.count === produced && r.inOrder && r.ended);
      const perClient = results.map((r) => r.lastAt - r.firstDeltaAt);
      const rate = (delivered / elapsed) * 1000;
      rows.push([
        round + 1,
        `${produced.toLocaleString("en")} (${DELTAS.toLocaleString("en")} deltas)`,
        `${ms(producedMs, 0)} (${Math.round(((produced / producedMs) * 1000) / 1000)}k/s)`,
        `${CLIENTS} (${CLIENTS / urls.length} per node)`,
        delivered.toLocaleString("en"),
        ms(elapsed, 0),
        `${Math.round(rate / 1000)}k events/s`,
        `${ms(median(perClient), 0)} / ${ms(Math.max(...perClient), 0)}`,
        allWhole ? "yes" : `NO (${results.filter((r) => r.count === produced && r.inOrder && r.ended).length}/${CLIENTS})`,
        connectedAt < start ? "yes" : "no",
      ]);
      summary.sse.push({
        produced,
        producedMs,
        clients: CLIENTS,
        delivered,
        elapsedMs: elapsed,
        eventsPerSecond: rate,
        allWholeInOrder: allWhole,
        perClientMedianMs: median(perClient),
      });
    }
  } finally {
    await queue.close();
    await Promise.all([worker, ...nodes].map((child) => stopChild(child)));
  }
  table(
    `3. Event relay → SSE: ${CLIENTS} clients on 2 API nodes (child processes, createRunQueue + followRunEvents + sendSse each), all following one run streaming ${DELTAS} text deltas with no delay; worker in a child process; clients decode with decodeSseEvents in this process (target ≥ 50k events/s)`,
    [
      "round",
      "events in the run",
      "worker: first delta → run-end",
      "clients",
      "events delivered",
      "first delta → last client done",
      "delivered",
      "per client (median / max)",
      "every client every event, in order",
      "all attached before the deltas",
    ],
    rows,
  );
}

// ---------------------------------------------------------------- 4. failover

async function failover(storage) {
  const name = queueName("failover");
  // The victim's tool outlasts the kill; the survivor's is short (it runs the tool again).
  const toolDelayMs = 10_000;
  const survivorToolDelayMs = 100;
  const queue = createRunQueue({ connection: REDIS_URL, name, prefix: PREFIX, retry: { attempts: 1 } });
  const jobs = await jobWatcher(name);
  const rows = [];
  const samples = [];
  try {
    for (let rep = 0; rep < KILLS; rep++) {
      const config = { role: "worker", name, concurrency: 1, lockDurationMs: LOCK_MS, stalledIntervalMs: STALLED_MS, toolDelayMs };
      const victim = startChild(config);
      await victim.ready;
      const runId = randomUUID();
      const completed = jobs.wait(runId);
      await queue.submit({ agent: "long-tool", input: "go", runId });
      const toolStart = await readRelayUntil(queue.events, runId, (event) => event.type === "tool-start");
      // The worker that takes over, in this process (started now, so the victim took the job).
      const survivor = createRunWorker({
        connection: REDIS_URL,
        name,
        prefix: PREFIX,
        agents: benchAgents({ storage, toolDelayMs: survivorToolDelayMs, lockDurationMs: LOCK_MS }),
        storage,
        concurrency: 1,
        lockDurationMs: LOCK_MS,
        stalledIntervalMs: STALLED_MS,
      });
      await survivor.worker.waitUntilReady();
      let activeAt;
      survivor.worker.once("active", () => (activeAt = now()));
      // Kill at a random point of the lock's renewal cycle (renewed every lockDurationMs / 2).
      await sleep(Math.max(0, toolStart.at + Math.random() * LOCK_MS * 0.5 - now()));
      const killedAt = now();
      victim.child.kill("SIGKILL");
      const restart = await readRelayUntil(queue.events, runId, (event) => event.type === "run-start" && isRoot(event), toolStart.event.seq);
      const end = await readRelayUntil(queue.events, runId, (event) => event.type === "run-end" && isRoot(event), restart.event.seq);
      const done = await completed;
      await victim.exited;
      await survivor.close();
      const sample = {
        takenMs: activeAt === undefined ? NaN : activeAt - killedAt,
        firstEventMs: restart.at - killedAt,
        resumed: done.returnvalue?.resumed === true,
        stopReason: end.event.stopReason,
      };
      samples.push(sample);
      rows.push([
        rep + 1,
        ms(sample.takenMs, 0),
        ms(sample.firstEventMs, 0),
        sample.firstEventMs <= LOCK_MS + 1_000 ? "yes" : "NO",
        `${sample.stopReason}${sample.resumed ? ", resumed" : ""}`,
      ]);
    }
  } finally {
    await jobs.close();
    await queue.close();
  }
  const first = samples.map((s) => s.firstEventMs);
  rows.push(["median", ms(median(samples.map((s) => s.takenMs)), 0), ms(median(first), 0), "", ""]);
  rows.push(["max", ms(Math.max(...samples.map((s) => s.takenMs)), 0), ms(Math.max(...first), 0), Math.max(...first) <= LOCK_MS + 1_000 ? "yes" : "NO", ""]);
  table(
    `4. Failover: worker process SIGKILLed inside a ${toolDelayMs / 1000} s tool, at a random point 0–${LOCK_MS / 2} ms after the tool started (lockDurationMs ${LOCK_MS}, stalledIntervalMs ${STALLED_MS}, claimLeaseMs ${LOCK_MS}); a worker in this process takes over (target ≤ lock + 1 s = ${LOCK_MS + 1_000} ms)`,
    ["kill", "kill → job active on the other worker", "kill → new attempt's run-start in the relay", "≤ lock + 1 s", "run"],
    rows,
  );
  summary.failover = { lockDurationMs: LOCK_MS, stalledIntervalMs: STALLED_MS, samples };
}

// ---------------------------------------------------------------- main

async function cleanUp(redis) {
  for (const name of queueNames) {
    const { Queue } = await import("bullmq");
    const queue = new Queue(name, { connection: bullConnection });
    try {
      await queue.obliterate({ force: true });
    } catch (error) {
      console.error(`obliterate ${name}: ${error.message}`);
    }
    await queue.close();
  }
  let deleted = 0;
  for (const pattern of [`${PREFIX}:*`, `bull:${UNIQUE}-*`]) {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) deleted += await redis.unlink(...keys);
    } while (cursor !== "0");
  }
  return deleted;
}

const killChildren = () => {
  for (const child of children) child.kill("SIGKILL");
};
process.once("exit", killChildren);
process.once("SIGINT", () => {
  killChildren();
  process.exit(130);
});

const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
const storage = await createRedisStorage({ url: REDIS_URL, keyPrefix: `${PREFIX}:storage:` });
const started = now();
console.log(
  `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, Redis ${REDIS_URL} (${(await redis.info("server")).match(/redis_version:(\S+)/)?.[1] ?? "?"}), keys under ${UNIQUE}`,
);
try {
  if (ONLY.has("overhead")) await overhead(storage);
  if (ONLY.has("throughput")) await throughput();
  if (ONLY.has("sse")) await sseFanOut();
  if (ONLY.has("failover")) await failover(storage);
} catch (error) {
  process.exitCode = 1;
  console.error(error);
} finally {
  killChildren();
  await storage.close();
  const deleted = await cleanUp(redis);
  redis.disconnect();
  console.log(`\n${((now() - started) / 1000).toFixed(1)} s; cleaned up ${deleted} keys and ${queueNames.size} queues`);
  if (args.json) console.log(JSON.stringify(summary));
}
