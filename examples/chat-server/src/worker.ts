/**
 * Entry point of a queue worker: `npm run worker` (one) or `npm run workers -- 2`
 * (several, `scripts/start-workers.mjs`), after `npm run build`. Takes the chat runs
 * the HTTP server (`npm run start:queue`) enqueued and runs the agent on them, its
 * events going to Redis for the HTTP server to stream.
 *
 * Environment: `BATON_QUEUE_REDIS_URL` (default `redis://127.0.0.1:6379`),
 * `BATON_QUEUE_NAME`, `BATON_QUEUE_PREFIX` (as the HTTP server's), `CHAT_SERVER_SPEED`
 * (default 1), `WORKER_CONCURRENCY` (runs at once, default 4), `WORKER_LOCK_MS` (how
 * soon a dead worker's run is taken over, default 10000), `WORKER_SHUTDOWN_MS` (how
 * long SIGTERM / Ctrl-C waits for runs in progress, default 10000).
 */
import { numberFromEnv } from "./env.js";
import { DEFAULT_LOCK_DURATION_MS, DEFAULT_WORKER_CONCURRENCY, startChatWorker } from "./queue/chat-worker.js";
import { queueSettingsFromEnv, redactedRedisUrl } from "./queue/queue-settings.js";

const settings = queueSettingsFromEnv();
const shutdownMs = numberFromEnv("WORKER_SHUTDOWN_MS", 10_000);
const label = `chat worker ${process.pid}`;

const chat = await startChatWorker({
  ...settings,
  speed: numberFromEnv("CHAT_SERVER_SPEED", 1),
  concurrency: Math.max(1, Math.floor(numberFromEnv("WORKER_CONCURRENCY", DEFAULT_WORKER_CONCURRENCY))),
  lockDurationMs: Math.max(1, Math.floor(numberFromEnv("WORKER_LOCK_MS", DEFAULT_LOCK_DURATION_MS))),
  workerName: `chat-worker-${process.pid}`,
  onError: (error) => console.error(`${label}:`, error),
}).catch((error: unknown) => {
  console.error(`Baton ${label} did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
console.log(`Baton ${label} ready: queue "${settings.name}" on ${redactedRedisUrl(settings.redisUrl)}`);
// One line per run taken and ended, so you can see which worker runs what (and kill it to watch a takeover).
chat.worker.worker.on("active", (job) => console.log(`${label}: running run ${job.id}`));
chat.worker.worker.on("completed", (job, outcome: { stopReason?: string; resumed?: boolean }) =>
  console.log(`${label}: run ${job.id} ended (${outcome?.stopReason ?? "?"}${outcome?.resumed ? ", resumed from a checkpoint" : ""})`),
);

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  // Ctrl-C in a terminal reaches both this process and scripts/start-workers.mjs, which sends SIGTERM too: stop once.
  if (stopping) return;
  stopping = true;
  const running = chat.worker.running.size;
  console.log(`${label}: ${signal}, finishing ${running} run${running === 1 ? "" : "s"} (at most ${shutdownMs} ms)…`);
  chat.close(shutdownMs).then(
    () => {
      console.log(`${label}: stopped.`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(`${label}: failed to stop cleanly:`, error);
      process.exit(1);
    },
  );
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
