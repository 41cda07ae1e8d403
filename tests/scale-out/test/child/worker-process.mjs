// A worker process of the scale-out tests: runs queued runs with the built packages.
// Configuration: the JSON in env SCALE_WORKER (see `WorkerConfig` in ../scale-out-harness.ts).
// Prints `READY` once its worker listens. The test kills some workers with SIGKILL.
//
// The agent's model calls the `work` tool twice in parallel, in two turns, then
// answers `done <n>`. Each `work` call counts its side effect in a Redis hash
// (`<prefix>:effects`, field `<runId>:<step><part>`) after `toolDelayMs`.
// The `approver` agent (./approval-agent.mjs) pauses its runs for approval.
import { setTimeout as sleep } from "node:timers/promises";
import { resume, run } from "@baton/loop";
import { createRunWorker } from "@baton/queue";
import { createRedisStorage } from "@baton/storage-redis";
import { scriptedModel } from "@baton/testing";
import { Redis } from "ioredis";
import { approvalAgent } from "./approval-agent.mjs";

const config = JSON.parse(process.env.SCALE_WORKER ?? "null");
if (!config) throw new Error("SCALE_WORKER is not set");

const redis = new Redis(config.redisUrl);
const storage = await createRedisStorage({ url: config.redisUrl, keyPrefix: `${config.prefix}:storage` });

const model = scriptedModel(
  [
    (request) => {
      const turn = request.messages.filter((message) => message.role === "assistant").length;
      const results = request.messages.filter((message) => message.role === "tool").length;
      if (turn < 2) {
        return {
          delayMs: config.modelDelayMs,
          text: `turn ${turn + 1}`,
          toolCalls: [
            { name: "work", arguments: { step: turn + 1, part: "a" } },
            { name: "work", arguments: { step: turn + 1, part: "b" } },
          ],
        };
      }
      return { delayMs: config.modelDelayMs, text: `done ${results}` };
    },
  ],
  { repeatLast: true },
);

// Running a unit of work twice is safe (the tests count how often each ran): a call a killed worker left in doubt
// runs again on the worker that takes the run over. (The approver's charges are not: see ./approval-agent.mjs.)
const work = {
  name: "work",
  effects: "idempotent",
  description: "Does one unit of work.",
  parameters: { type: "object", properties: { step: { type: "number" }, part: { type: "string" } }, required: ["step", "part"] },
  async execute(args, context) {
    await sleep(config.toolDelayMs, undefined, { signal: context.signal });
    await redis.hincrby(`${config.prefix}:effects`, `${context.runId}:${args.step}${args.part}`, 1);
    return { step: args.step, part: args.part, pid: process.pid };
  },
};

const fixed = {
  provider: model,
  model: "scale-model",
  tools: [work],
  storage,
  claimLeaseMs: config.lockDurationMs,
  storageWaitMs: config.storageWaitMs ?? 10_000,
};
const agent = {
  run: (input, options) => run({ ...fixed, input, ...options }),
  resume: (runId, options) => resume({ ...fixed, runId, ...options }),
};

const worker = createRunWorker({
  connection: config.redisUrl,
  name: config.name,
  prefix: config.prefix,
  agents: {
    worker: agent,
    approver: approvalAgent({ redis, storage, prefix: config.prefix, claimLeaseMs: fixed.claimLeaseMs, storageWaitMs: fixed.storageWaitMs }),
  },
  storage,
  concurrency: config.concurrency,
  lockDurationMs: config.lockDurationMs,
  stalledIntervalMs: config.stalledIntervalMs,
  workerName: `worker-${process.pid}`,
  onError: (error) => process.stderr.write(`worker error: ${error?.stack ?? error}\n`),
});
await worker.worker.waitUntilReady();
process.stdout.write("READY\n");

process.on("SIGTERM", () => {
  void worker.close({ timeoutMs: config.closeTimeoutMs ?? 5_000 }).then(async () => {
    await storage.close();
    redis.disconnect();
    process.exit(0);
  });
});
