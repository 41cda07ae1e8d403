// The child processes of bench/queue.mjs (the scale-out benchmark), configured by the
// JSON in env BENCH_QUEUE:
//   { role: "worker", redisUrl, name, prefix, concurrency, lockDurationMs, stalledIntervalMs, ... }
//     a worker process (createRunWorker) running the agents of queue-agents.mjs;
//     prints "READY" once its BullMQ worker listens.
//   { role: "api", redisUrl, name, prefix }
//     an API node: its own createRunQueue + followRunEvents, serving
//     GET /runs/<id>/events as SSE with sendSse; prints "READY <port>".
// SIGTERM ends either gracefully; the benchmark SIGKILLs some workers on purpose.
import { createServer } from "node:http";
import { followRunEvents } from "@baton/events";
import { sendSse } from "@baton/events/node";
import { createRunQueue, createRunWorker } from "@baton/queue";
import { createRedisStorage } from "@baton/storage-redis";
import { benchAgents } from "./queue-agents.mjs";

const config = JSON.parse(process.env.BENCH_QUEUE ?? "null");
if (!config) throw new Error("BENCH_QUEUE is not set");

if (config.role === "api") {
  const queue = createRunQueue({ connection: config.redisUrl, name: config.name, prefix: config.prefix });
  const follower = followRunEvents(queue.events);
  const server = createServer((req, res) => {
    const match = /^\/runs\/([^/]+)\/events$/.exec(req.url ?? "");
    if (match === null) return void res.writeHead(404).end();
    void sendSse(req, res, follower.run(decodeURIComponent(match[1])), { heartbeatMs: 0 }).catch(() => undefined);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.stdout.write(`READY ${server.address().port}\n`);
  process.on("SIGTERM", () => {
    follower.close();
    server.closeAllConnections();
    server.close();
    void queue.close().then(() => process.exit(0));
  });
} else {
  const storage = await createRedisStorage({ url: config.redisUrl, keyPrefix: `${config.prefix}:storage:` });
  const worker = createRunWorker({
    connection: config.redisUrl,
    name: config.name,
    prefix: config.prefix,
    agents: benchAgents({ ...config, storage }),
    storage,
    concurrency: config.concurrency,
    lockDurationMs: config.lockDurationMs,
    stalledIntervalMs: config.stalledIntervalMs,
    ...(config.maxLength ? { events: { maxLength: config.maxLength } } : {}),
    workerName: `bench-worker-${process.pid}`,
    onError: (error) => process.stderr.write(`worker ${process.pid}: ${error?.stack ?? error}\n`),
  });
  await worker.worker.waitUntilReady();
  process.stdout.write("READY\n");
  process.on("SIGTERM", () => {
    void worker.close({ timeoutMs: 2_000 }).then(async () => {
      await storage.close();
      process.exit(0);
    });
  });
}
