// The fault kinds of the chaos suite and one trial of each, from its seed. The vitest
// suite and bench/chaos.mjs run the same trials: a trial's seed fixes every choice
// (the runs, their tools, the faults and their times); only the machine's timing varies.
import { join } from "node:path";
import { createMemoryStorage } from "@baton/storage-memory";
import { createRedisStorage } from "@baton/storage-redis";
import { createSqliteStorage } from "@baton/storage-sqlite";
import { rmSync } from "node:fs";
import { createOpenAIProvider } from "@baton/openai";
import { randomBytes } from "node:crypto";
import { PROVIDER_FAULTS, startChaosProvider } from "./chaos-provider.mjs";
import { crashTrial } from "./crash-trial.mjs";
import { queueTrial } from "./queue-trial.mjs";
import { dropSchemas, POSTGRES_URL, postgresUrlThrough } from "./postgres-service.mjs";
import { createPostgresStorage } from "@baton/storage-postgres";
import { drawStorageFaults, faultyStorage, playStorageFaults, sleepUntil } from "./faulty-storage.mjs";
import { closeAndCheck, runInProcessTrial, storedEnd } from "./in-process-trial.mjs";
import { startTcpRelay } from "@baton/testing";
import { startTrialRedis } from "./trial-redis.mjs";
import { kindOfSeed, seededRandom } from "./seeded-random.mjs";

/**
 * How long things take in a trial: `ci` keeps tools and waits short so that hundreds
 * of trials fit in the suite; `bench` lets tools run up to a few hundred ms.
 */
export const PROFILES = Object.freeze({
  ci: {
    maxToolMs: 80,
    // Wide enough that PostgreSQL shared with the rest of a loaded CI run answers within one wait once the faults healed.
    storageWaitMs: [400, 900],
    claimLeaseMs: [500, 1_000],
    runs: [2, 5],
    settleBoundMs: 15_000,
    plan: { slowShare: 0.08, slowToolMs: [150, 500] },
  },
  bench: {
    maxToolMs: 300,
    storageWaitMs: [200, 800],
    claimLeaseMs: [300, 1_000],
    runs: [3, 8],
    settleBoundMs: 30_000,
    plan: { slowShare: 0.1, slowToolMs: [300, 1_200] },
  },
});

/** The run options and plan settings of a trial, drawn from its profile. */
function drawSettings(random, profile) {
  const storageWaitMs = random.int(...profile.storageWaitMs);
  const claimLeaseMs = random.int(...profile.claimLeaseMs);
  return {
    runOptions: { storageWaitMs, claimLeaseMs },
    plan: { maxToolMs: profile.maxToolMs, ...profile.plan },
    runs: random.int(...profile.runs),
    settleBoundMs: profile.settleBoundMs,
  };
}

/** A storage whose faults are in process (memory or SQLite under a faulty view): the trial. */
async function storageFaultTrial(seed, context, open) {
  const random = seededRandom(seed);
  const settings = drawSettings(random, context.profile);
  const { runOptions } = settings;
  const { storage: raw, close } = await open(seed);
  context.inspectStorage?.(raw);
  const view = faultyStorage(raw, { timeoutMs: random.int(30, 200) });
  const windows = drawStorageFaults(random.fork(), { horizonMs: 400, storageWaitMs: runOptions.storageWaitMs, claimLeaseMs: runOptions.claimLeaseMs });
  try {
    const result = await runInProcessTrial({
      kind: kindOfSeed(seed),
      seed,
      random: random.fork(),
      storage: view,
      readStored: async (runId) => storedEnd(await raw.loadCheckpoint(runId)),
      effectsPath: join(context.dir, `effects-${seed}.jsonl`),
      faults: (startedAt, signal) => playStorageFaults(view, windows, startedAt, signal),
      ...settings,
    });
    result.faults = windows.map((w) => `${w.mode}${w.only ? `[${w.only.join(",")}]` : ""} ${w.durationMs}ms@${w.at}`);
    return result;
  } finally {
    await close();
  }
}

/**
 * Draws a server's faults: 1–2 of them, one after the other from a random start within
 * `horizonMs`: `kill` (SIGKILL, then a restart after `downMs`, shorter than the storage
 * wait or longer than it and the lease) or `pause` (SIGSTOP for longer than a lease, or
 * a moment, then SIGCONT).
 */
export function drawServerFaults(random, { horizonMs, storageWaitMs, claimLeaseMs, kinds = ["kill", "pause"] }) {
  const faults = [];
  let at = random.int(0, horizonMs);
  const longest = Math.max(storageWaitMs, claimLeaseMs);
  for (let i = random.int(1, 2); i > 0; i--) {
    const kind = random.pick(kinds);
    const long = random.chance(kind === "pause" ? 0.7 : 0.5);
    const downMs = long ? random.int(longest + 50, longest * 2 + 100) : random.int(20, Math.max(30, Math.floor(storageWaitMs * 0.7)));
    faults.push({ at, kind, downMs, long });
    at += downMs + random.int(50, horizonMs);
  }
  return faults;
}

/** Plays server faults on a private redis-server; resolves once it answers again after the last. */
export async function playServerFaults(server, faults, startedAt, signal) {
  for (const fault of faults) {
    await sleepUntil(startedAt + fault.at, signal);
    if (fault.kind === "kill") {
      await server.kill();
      await sleepUntil(Date.now() + fault.downMs, signal);
      await server.start();
    } else {
      server.pause();
      try {
        await sleepUntil(Date.now() + fault.downMs, signal);
      } finally {
        server.resume();
      }
    }
  }
}

/** Runs on Redis storage in a private redis-server that is killed with SIGKILL and restarted, or paused (SIGSTOP) and resumed. */
async function redisServerTrial(seed, context) {
  const random = seededRandom(seed);
  const settings = drawSettings(random, context.profile);
  const { runOptions } = settings;
  const { server, secret, url } = await startTrialRedis();
  let storage;
  try {
    const commandTimeoutMs = random.int(100, 300);
    storage = await retriedOpen(() => createRedisStorage({ url, keyPrefix: `chaos-${seed}:`, commandTimeoutMs, connectTimeoutMs: 200 }));
    const faults = drawServerFaults(random.fork(), { horizonMs: 400, ...runOptions });
    const result = await runInProcessTrial({
      kind: "redis-server",
      seed,
      random: random.fork(),
      storage,
      readStored: async (runId) => storedEnd(await storage.loadCheckpoint(runId)),
      effectsPath: join(context.dir, `effects-${seed}.jsonl`),
      faults: (startedAt, signal) => playServerFaults(server, faults, startedAt, signal),
      secrets: [secret],
      ...settings,
    });
    result.faults = faults.map((f) => `${f.kind} ${f.downMs}ms@${f.at}`);
    await closeAndCheck(result, [
      { name: "the Redis storage's client", close: () => storage.close(), up: () => !["end", "close"].includes(storage.client.status) },
      { name: "the private redis-server", close: () => server.stop(), up: () => server.running },
    ]);
    return result;
  } finally {
    await storage?.close().catch(() => undefined);
    await server.stop();
  }
}

/** Runs whose model is served over HTTP by a provider that answers 500 or 503, stalls its streams or cuts them, for a while. */
async function providerTrial(seed, context) {
  const random = seededRandom(seed);
  const settings = drawSettings(random, context.profile);
  const server = await startChaosProvider();
  const storage = createMemoryStorage();
  const secret = `sk-chaos-${randomBytes(12).toString("hex")}`;
  const faultRandom = random.fork();
  const windows = [];
  let at = faultRandom.int(0, 300);
  for (let i = faultRandom.int(1, 3); i > 0; i--) {
    const durationMs = faultRandom.chance(0.5) ? faultRandom.int(10, 60) : faultRandom.int(150, 700);
    windows.push({ at, durationMs, mode: faultRandom.pick(PROVIDER_FAULTS) });
    at += durationMs + faultRandom.int(20, 300);
  }
  try {
    const result = await runInProcessTrial({
      kind: "provider",
      seed,
      random: random.fork(),
      storage,
      provider: () =>
        createOpenAIProvider({
          apiKey: secret,
          baseURL: server.url,
          retry: { maxRetries: 1, initialDelayMs: 20, maxDelayMs: 40 },
          streamIdleTimeoutMs: 120,
          timeoutMs: 3_000,
        }),
      readStored: async (runId) => storedEnd(await storage.loadCheckpoint(runId)),
      effectsPath: join(context.dir, `effects-${seed}.jsonl`),
      faults: async (startedAt, signal) => {
        for (const window of windows) {
          await sleepUntil(startedAt + window.at, signal);
          const close = server.open(window.mode);
          await sleepUntil(startedAt + window.at + window.durationMs, signal);
          close();
        }
      },
      secrets: [secret],
      ...settings,
    });
    result.faults = windows.map((w) => `${w.mode} ${w.durationMs}ms@${w.at}`);
    await closeAndCheck(result, [{ name: "the provider server", close: () => server.close(), up: () => server.listening }]);
    return result;
  } finally {
    await server.close();
    await storage.close();
  }
}

/** Opens a storage, trying again (a busy machine may answer its first query late) for up to 5 s. */
async function retriedOpen(open) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      return await open();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Runs on PostgreSQL storage reached through a TCP relay that cuts every connection
 * (open, silent) or refuses them (a restart) for a while; the server itself is never
 * touched. Each trial has its own schema, dropped at its end.
 */
async function postgresRelayTrial(seed, context) {
  const random = seededRandom(seed);
  const settings = drawSettings(random, context.profile);
  const { runOptions } = settings;
  const target = new URL(POSTGRES_URL);
  const relay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
  const secret = `chaos-pg-${randomBytes(9).toString("hex")}`;
  const schema = `baton_chaos_${process.pid}_${seed}`;
  let storage;
  try {
    // The schema is migrated directly, with the default timeouts; the trial's storage (short timeouts) goes through the relay.
    await (await createPostgresStorage({ connectionString: POSTGRES_URL, schema, max: 1 })).close();
    const queryTimeoutMs = random.int(200, 500);
    storage = await retriedOpen(() =>
      createPostgresStorage({
        connectionString: postgresUrlThrough(relay.port, secret),
        schema,
        migrate: false,
        max: 6,
        queryTimeoutMs,
        connectionTimeoutMs: 1_000,
      }),
    );
    const faultRandom = random.fork();
    const faults = [];
    let at = faultRandom.int(0, 400);
    const longest = Math.max(runOptions.storageWaitMs, runOptions.claimLeaseMs);
    for (let i = faultRandom.int(1, 2); i > 0; i--) {
      const long = faultRandom.chance(0.5);
      const downMs = long ? faultRandom.int(longest + 50, longest * 2 + 100) : faultRandom.int(20, Math.max(30, Math.floor(runOptions.storageWaitMs * 0.7)));
      faults.push({ at, kind: faultRandom.pick(["cut", "refuse"]), downMs });
      at += downMs + faultRandom.int(50, 400);
    }
    const result = await runInProcessTrial({
      kind: "postgres-relay",
      seed,
      random: random.fork(),
      storage,
      readStored: async (runId) => storedEnd(await storage.loadCheckpoint(runId)),
      effectsPath: join(context.dir, `effects-${seed}.jsonl`),
      faults: async (startedAt, signal) => {
        for (const fault of faults) {
          await sleepUntil(startedAt + fault.at, signal);
          if (fault.kind === "refuse") await relay.restart(fault.downMs);
          else {
            relay.cut();
            await sleepUntil(Date.now() + fault.downMs, signal);
            relay.heal();
          }
        }
      },
      secrets: [secret],
      ...settings,
    });
    result.faults = faults.map((f) => `${f.kind} ${f.downMs}ms@${f.at}`);
    await context.beforeCleanup?.(result, { schema, storage });
    await closeAndCheck(result, [{ name: "the TCP relay in front of PostgreSQL", close: () => relay.close(), up: () => relay.listening }]);
    return result;
  } finally {
    await storage?.close().catch(() => undefined);
    await relay.close();
    await dropSchemas([schema]);
  }
}

/**
 * The trial of each fault kind. Each takes the seed and the suite's context
 * (`dir`: a temporary folder for the trial's files; `profile`; the services the kind needs).
 */
export const TRIALS = {
  "memory-storage": (seed, context) =>
    storageFaultTrial(seed, context, async () => {
      const storage = createMemoryStorage();
      return { storage, close: () => storage.close() };
    }),
  "sqlite-storage": (seed, context) =>
    storageFaultTrial(seed, context, async () => {
      const path = join(context.dir, `sqlite-${seed}.db`);
      const storage = createSqliteStorage({ path });
      return {
        storage,
        close: async () => {
          await storage.close();
          for (const suffix of ["", "-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true });
        },
      };
    }),
  "redis-server": redisServerTrial,
  "postgres-relay": postgresRelayTrial,
  provider: providerTrial,
  crash: (seed, context) => crashTrial(seed, context, { storages: context.crashStorages }),
  queue: queueTrial,
};

/** Runs the trial of `seed` (its kind from its last digit). */
export function runTrial(seed, context) {
  const kind = kindOfSeed(seed);
  const trial = kind === undefined ? undefined : TRIALS[kind];
  if (trial === undefined) throw new Error(`No trial for seed ${seed} (kind ${kind}).`);
  return trial(seed, context);
}
