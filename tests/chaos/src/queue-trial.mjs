// The queue trial: runs submitted through `@baton/queue` (BullMQ) on a private Redis,
// run by two worker processes with Redis storage on the same server, followed by SSE
// clients on two API nodes that disconnect at seeded moments and reconnect (to the
// other node) with Last-Event-ID. Faults at seeded times: a worker killed with SIGKILL
// (a new one starts in its place), the Redis killed with `kill -9` and restarted with
// its data, or paused with SIGSTOP for longer than the job lock. Runs paused on calls
// in doubt are decided and resumed through the queue; everything else the queue
// retries by itself. The clients' streams, the effects and the stored ends are checked.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import { decodeSseEvents, followRunEvents } from "@baton/events";
import { sendSse } from "@baton/events/node";
import { createRunQueue } from "@baton/queue";
import { createRedisStorage } from "@baton/storage-redis";
import { planInput } from "./chaos-agent.mjs";
import { startChild } from "./child-process.mjs";
import { readEffects } from "./effects-log.mjs";
import { sleepUntil } from "./faulty-storage.mjs";
import { closeAndCheck, drawRuns, finishTrial, settleWithin, storedEnd } from "./in-process-trial.mjs";
import { startTrialRedis } from "./trial-redis.mjs";
import { decideInDoubt } from "./run-driver.mjs";
import { seededRandom } from "./seeded-random.mjs";

const WORKER = fileURLToPath(new URL("./child/queue-worker.mjs", import.meta.url));

/** An API node: its own queue and follower, serving `GET /runs/<id>/events` as SSE. */
async function startApiNode(url, name, prefix, outputs) {
  const queue = createRunQueue({
    connection: url,
    name,
    prefix,
    commandTimeoutMs: 1_000,
    retry: { attempts: 50, backoffMs: 100 },
    onError: (error) => outputs.push(error),
  });
  const follower = followRunEvents(queue.events);
  const server = createServer((req, res) => {
    const match = /^\/runs\/([^/]+)\/events$/.exec(req.url ?? "");
    if (match === null) return void res.writeHead(404).end();
    sendSse(req, res, follower.run(decodeURIComponent(match[1])), { heartbeatMs: 0 }).catch((error) => {
      outputs.push(error);
      res.destroy();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    queue,
    get listening() {
      return server.listening;
    },
    close: async () => {
      follower.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve()));
      await queue.close().catch((error) => outputs.push(error));
    },
  };
}

/** Retries `call` (a queue call refused while Redis is away) until it succeeds or `deadline`. */
async function retried(call, deadline, outputs) {
  for (;;) {
    try {
      return await call();
    } catch (error) {
      outputs.push(error);
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}

/**
 * Follows a run as a browser does: reads its SSE stream from one node, disconnects
 * after a seeded number of events (`cuts`), reconnects to the other node with
 * Last-Event-ID; at a root `run-end` of a run paused on calls in doubt, decides them
 * and resumes the run through the queue, then reads on. Ends at a root `run-end` of
 * any other stop reason, or at `deadline`.
 */
async function followRun({ record, nodes, random, effectsPath, deadline, outputs, onEnd }) {
  const events = [];
  const inDoubt = new Map();
  let cuts = random.int(0, 3);
  let node = random.int(0, 1);
  for (;;) {
    if (Date.now() > deadline) return { events, complete: false };
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), Math.max(1, deadline - Date.now()));
    const cutAfter = cuts > 0 ? random.int(1, 12) : Number.POSITIVE_INFINITY;
    let read = 0;
    let ended;
    try {
      const last = events.at(-1)?.seq;
      const response = await fetch(`${nodes[node].url}/runs/${encodeURIComponent(record.runId)}/events`, {
        signal: controller.signal,
        headers: last === undefined ? {} : { "Last-Event-ID": String(last) },
      });
      if (response.status !== 200) {
        outputs.push(`node answered ${response.status}: ${await response.text()}`);
      } else {
        for await (const event of decodeSseEvents(response.body)) {
          events.push({ seq: event.seq, type: event.type, agentPath: event.agentPath, ...(event.type === "run-end" ? { stopReason: event.stopReason } : {}) });
          if (event.type === "error") outputs.push(event.error);
          if (event.type === "tool-interrupted" && event.kind === "in-doubt")
            inDoubt.set(event.toolCallId, { id: event.toolCallId, kind: "in-doubt", toolCallId: event.toolCallId, payload: event.payload });
          if (event.type === "run-end" && !event.agentPath.includes("/")) {
            ended = event;
            break;
          }
          if (++read >= cutAfter) break;
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) outputs.push(error);
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
    if (ended === undefined) {
      // A cut (seeded), or the node lost its stream: reconnect to the other node.
      if (read >= cutAfter) cuts--;
      else await sleep(50);
      node = 1 - node;
      continue;
    }
    onEnd(ended);
    if (ended.stopReason !== "interrupted" || inDoubt.size === 0) return { events, complete: true };
    const decided = decideInDoubt([...inDoubt.values()], effectsPath);
    inDoubt.clear();
    if (decided.problem) return { events, complete: true };
    record.decided += Object.keys(decided.decisions).length;
    record.attempts.push({ mode: "resume", outcome: "decided", decisions: decided.decisions });
    await retried(() => nodes[node].queue.resume({ agent: "chaos", runId: record.runId, decisions: decided.decisions }), deadline, outputs);
  }
}

/** Runs one queue trial of `seed`. */
export async function queueTrial(seed, context) {
  const random = seededRandom(seed);
  const profile = context.profile;
  const lockDurationMs = random.int(800, 1_500);
  const runOptions = { storageWaitMs: random.int(300, 600), claimLeaseMs: lockDurationMs };
  const records = drawRuns(random.fork(), seed, random.int(...profile.runs) + 1, { maxToolMs: profile.maxToolMs, ...profile.plan });
  const faultRandom = random.fork();
  const faults = [];
  let at = faultRandom.int(50, 400);
  for (let i = faultRandom.int(1, 2); i > 0; i--) {
    const kind = faultRandom.pick(["kill-worker", "kill-redis", "pause-redis"]);
    const downMs =
      kind === "pause-redis"
        ? faultRandom.int(lockDurationMs + 100, lockDurationMs * 2)
        : kind === "kill-redis"
          ? faultRandom.int(50, 1_000)
          : faultRandom.int(0, 300);
    // A worker is killed once some effects happened (so that it dies mid-batch), the one of the seeded index among those alive.
    faults.push({ at, kind, downMs, afterEffects: faultRandom.int(1, 8), victim: faultRandom.int(0, 1) });
    at += downMs + faultRandom.int(50, 400);
  }
  const clientRandom = random.fork();
  const effectsPath = join(context.dir, `effects-${seed}.jsonl`);
  const outputs = [];
  const unsettledProcesses = [];
  const { server, secret, url } = await startTrialRedis();
  const name = `chaos-${seed}-${randomUUID().slice(0, 6)}`;
  const workerConfig = {
    url,
    name,
    prefix: name,
    keyPrefix: `${name}:storage:`,
    effectsPath,
    concurrency: 4,
    lockDurationMs,
    stalledIntervalMs: 300,
    runOptions,
  };
  const workers = [];
  const startWorker = async () => {
    const worker = startChild(WORKER, "CHAOS_WORKER", workerConfig);
    workers.push(worker);
    await worker.ready;
    return worker;
  };
  const nodes = [];
  let storage;
  const startedAt = Date.now();
  let healedAt;
  try {
    storage = await createRedisStorage({ url, keyPrefix: workerConfig.keyPrefix, commandTimeoutMs: 1_000 });
    await Promise.all([startWorker(), startWorker()]);
    nodes.push(await startApiNode(url, name, name, outputs), await startApiNode(url, name, name, outputs));
    const settleBy = () => (healedAt ?? Number.POSITIVE_INFINITY) + profile.settleBoundMs * 2;
    const hardDeadline = startedAt + 120_000;
    const deadline = () => Math.min(hardDeadline, settleBy());
    const controller = new AbortController();
    const playing = (async () => {
      for (const fault of faults) {
        await sleepUntil(startedAt + fault.at, controller.signal);
        if (fault.kind === "kill-worker") {
          const until = Date.now() + 3_000;
          while (readEffects(effectsPath).length < fault.afterEffects && Date.now() < until) await sleep(3);
          const alive = workers.filter((worker) => !worker.done);
          await alive[fault.victim % alive.length]?.kill();
          await sleep(fault.downMs);
          await startWorker();
        } else if (fault.kind === "kill-redis") {
          await server.kill();
          await sleep(fault.downMs);
          await server.start();
        } else {
          server.pause();
          await sleep(fault.downMs);
          server.resume();
        }
      }
      healedAt = Date.now();
    })();
    const clients = records.map(async (record) => {
      await sleep(record.startDelayMs);
      const submitted = Date.now();
      await retried(
        () => nodes[0].queue.submit({ agent: "chaos", input: planInput(record.plan), runId: record.runId, conversationId: record.conversationId }),
        hardDeadline,
        outputs,
      );
      record.attempts.push({ mode: "run", startedAt: submitted, outcome: "submitted" });
      const followed = await followRun({
        record,
        nodes,
        random: clientRandom.fork(),
        effectsPath,
        deadline: hardDeadline,
        outputs,
        onEnd: (end) =>
          record.attempts.push({
            mode: "run",
            endedAt: Date.now(),
            outcome: end.stopReason === "interrupted" ? "interrupted" : "ended",
            result: { stopReason: end.stopReason, text: end.text, ...(end.error ? { error: end.error } : {}) },
          }),
      });
      record.endedAt = Date.now();
      if (!followed.complete) record.unsettled = "its client stream had no end at the settle deadline";
      return { runId: record.runId, events: followed.events, complete: followed.complete };
    });
    await playing.catch((error) => {
      healedAt = Date.now();
      unsettledProcesses.push(`the fault plan failed: ${error?.message ?? error}`);
    });
    let clientStreams = [];
    if (await settleWithin(Promise.all(clients), Math.max(0, deadline() - Date.now()) + 2_000)) clientStreams = await Promise.all(clients);
    else {
      controller.abort();
      unsettledProcesses.push(`client streams still open ${profile.settleBoundMs * 2} ms after the faults healed`);
    }
    // The API nodes and workers stop (their stderr is checked too).
    const closed = nodes.splice(0);
    for (const node of closed) await node.close().catch((error) => outputs.push(error));
    for (const node of closed) if (node.listening) unsettledProcesses.push(`an API node still listening after it was closed`);
    await Promise.all(workers.map((worker) => worker.kill()));
    for (const worker of workers) {
      if (!worker.done) unsettledProcesses.push(`worker ${worker.process.pid} did not exit after SIGKILL`);
      if (worker.stderr.trim() !== "") outputs.push(worker.stderr);
    }
    const result = await finishTrial({
      kind: "queue",
      seed,
      records,
      readStored: async (runId) => storedEnd(await storage.loadCheckpoint(runId)),
      effectsPath,
      outputs,
      secrets: [secret],
      unsettledProcesses,
      clientStreams,
      healedAt,
      startedAt,
    });
    result.faults = faults.map((f) => `${f.kind}${f.kind === "kill-worker" ? ` after ${f.afterEffects} effects` : ""} ${f.downMs}ms@${f.at}`);
    await closeAndCheck(result, [
      { name: "the Redis storage's client", close: () => storage.close(), up: () => !["end", "close"].includes(storage.client.status) },
      { name: "the private redis-server", close: () => server.stop(), up: () => server.running },
    ]);
    return result;
  } finally {
    for (const node of nodes) await node.close().catch(() => undefined);
    await Promise.all(workers.map((worker) => worker.kill()));
    await storage?.close().catch(() => undefined);
    await server.stop();
  }
}
