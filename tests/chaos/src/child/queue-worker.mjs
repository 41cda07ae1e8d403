// A queue worker process of the queue trials: runs the chaos agent's runs taken from
// the queue (BullMQ on the trial's private Redis), with Redis storage on the same
// server. Configuration: the JSON in env CHAOS_WORKER ({ url, name, prefix,
// keyPrefix, effectsPath, concurrency, lockDurationMs, stalledIntervalMs, runOptions }).
// Prints `READY` once it takes jobs; reports the worker's errors on stderr (the trial
// scans them for the password). The trial kills it with SIGKILL, or SIGTERM at the end.
import { resume, run } from "@baton/loop";
import { createRunWorker } from "@baton/queue";
import { createRedisStorage } from "@baton/storage-redis";
import { chaosModel, chaosTools } from "../chaos-agent.mjs";

const config = JSON.parse(process.env.CHAOS_WORKER ?? "null");
if (!config) throw new Error("CHAOS_WORKER is not set");

/**
 * Opens the run storage on the trial's Redis, trying again (every 250 ms, for up to 30 s)
 * while Redis is away: a worker restarted during an outage waits for Redis, as one a
 * supervisor restarts would, instead of exiting before it is ready.
 */
async function openStorage() {
  for (let tries = 1; ; tries++) {
    try {
      return await createRedisStorage({ url: config.url, keyPrefix: config.keyPrefix, commandTimeoutMs: 500, connectTimeoutMs: 500 });
    } catch (error) {
      if (error?.retryable !== true || tries >= 120) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

const storage = await openStorage();
const tools = chaosTools(config.effectsPath);
const fixed = () => ({ provider: chaosModel(), model: "chaos-model", tools, storage, ...config.runOptions });
const agent = {
  run: (input, options) => run({ ...fixed(), input, ...options }),
  resume: (runId, options) => resume({ ...fixed(), runId, ...options }),
};
const worker = createRunWorker({
  connection: config.url,
  name: config.name,
  prefix: config.prefix,
  agents: { chaos: agent },
  storage,
  concurrency: config.concurrency,
  lockDurationMs: config.lockDurationMs,
  stalledIntervalMs: config.stalledIntervalMs,
  outageRetry: { attempts: 50, delayMs: 100, maxDelayMs: 500 },
  workerName: `chaos-worker-${process.pid}`,
  onError: (error) => process.stderr.write(`worker error: ${error?.stack ?? error}\n`),
});
// Ready once Redis answers: a start during an outage waits for it (each try is bounded; up to about 30 s).
for (let tries = 1; ; tries++) {
  try {
    await worker.ready({ timeoutMs: 5_000 });
    break;
  } catch (error) {
    if (error?.retryable !== true || tries >= 6) throw error;
  }
}
process.stdout.write("READY\n");

process.on("SIGTERM", () => {
  void worker
    .close({ timeoutMs: 1_000 })
    .catch((error) => process.stderr.write(`close error: ${error?.stack ?? error}\n`))
    .then(async () => {
      await storage.close().catch(() => undefined);
      process.exit(0);
    });
});
