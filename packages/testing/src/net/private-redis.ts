import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A `redis-server` of a test's own on a free port of 127.0.0.1, to pause, kill and start again: never a shared one. */
export interface PrivateRedis {
  readonly port: number;
  /** `redis://127.0.0.1:<port>`, with `password` when given (default: the server's own). */
  url(password?: string): string;
  /** Stops the server with SIGSTOP: it keeps its connections but answers nothing. */
  pause(): void;
  /** Lets a paused server go on (SIGCONT). */
  resume(): void;
  /** Kills the server (SIGKILL) and waits for it to exit: connections are refused until {@link PrivateRedis.start}. */
  kill(): Promise<void>;
  /**
   * Starts the server again on the same port, with `requirepass` when given (default:
   * as before); a durable server comes back with its data. Resolves once it accepts
   * connections.
   */
  start(password?: string): Promise<void>;
  /** Kills the server and removes its data folder. Safe to call twice. */
  stop(): Promise<void>;
  /** Whether the server's process is alive (paused or not). */
  readonly running: boolean;
}

/** Options of {@link startPrivateRedis}. */
export interface PrivateRedisOptions {
  /** The server's `requirepass`. */
  readonly password?: string;
  /**
   * Keep the data on disk (an append-only file written with `fsync` on every write, in
   * a temporary folder removed by `stop()`), so that a server killed with SIGKILL comes
   * back with everything it acknowledged. Default false: nothing is saved.
   */
  readonly durable?: boolean;
}

/**
 * Why a private `redis-server` cannot be started here (no `redis-server` on the PATH),
 * or undefined when it can.
 */
export function privateRedisUnavailableReason(): string | undefined {
  const probe = spawnSync("redis-server", ["--version"], { encoding: "utf8" });
  return probe.error === undefined && probe.status === 0 ? undefined : "no redis-server to start a private Redis with";
}

/** Every server started, killed when the process exits should a test not have stopped it. */
const running = new Set<ChildProcess>();
/** The data folders of durable servers not stopped yet, removed when the process exits should a test not have stopped them. */
const dataDirs = new Set<string>();
let exitHook = false;

/**
 * Starts a `redis-server` of the caller's own, bound to 127.0.0.1 on a free port, for
 * fault tests: pause it (SIGSTOP), kill it (SIGKILL) and start it again. Stop it when
 * done (it is killed when the process exits otherwise).
 *
 * @example
 * const redis = await startPrivateRedis({ password: "s3cret", durable: true });
 * const storage = await createRedisStorage({ url: redis.url() });
 * await redis.kill(); // Redis crashes…
 * await redis.start(); // …and comes back with its data
 * await redis.stop();
 */
export async function startPrivateRedis(options: PrivateRedisOptions = {}): Promise<PrivateRedis> {
  if (!exitHook) {
    exitHook = true;
    process.once("exit", () => {
      for (const server of running) server.kill("SIGKILL");
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });
  }
  const port = await freePort();
  const dir = options.durable ? mkdtempSync(join(tmpdir(), "baton-redis-")) : undefined;
  if (dir !== undefined) dataDirs.add(dir);
  let password = options.password;
  let server: ChildProcess | undefined;
  const launch = async (): Promise<void> => {
    const persistence = dir ? ["--dir", dir, "--appendonly", "yes", "--appendfsync", "always"] : ["--appendonly", "no"];
    const started = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", ...persistence, "--loglevel", "warning", ...(password ? ["--requirepass", password] : [])],
      { stdio: "ignore" },
    );
    server = started;
    running.add(started);
    started.once("exit", () => running.delete(started));
    // A durable server loads its data before it answers: given longer (a machine under load loads slowly).
    await acceptsConnections(port, started, password, dir ? 30_000 : 10_000);
  };
  await launch();
  return {
    port,
    url: (given = password) => `redis://${given ? `:${encodeURIComponent(given)}@` : ""}127.0.0.1:${port}`,
    pause: () => void server?.kill("SIGSTOP"),
    resume: () => void server?.kill("SIGCONT"),
    kill: async () => {
      if (server !== undefined) await killed(server);
    },
    start: async (next = password) => {
      if (server !== undefined) await killed(server);
      password = next;
      await launch();
    },
    stop: async () => {
      if (server !== undefined) await killed(server);
      if (dir !== undefined) {
        rmSync(dir, { recursive: true, force: true });
        dataDirs.delete(dir);
      }
    },
    get running() {
      return server !== undefined && server.exitCode === null && server.signalCode === null;
    },
  };
}

/** Kills `server` (going on first, should it be paused) and waits for it to exit. */
async function killed(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  server.kill("SIGCONT");
  server.kill("SIGKILL");
  await exited;
}

/**
 * A TCP port free on 127.0.0.1 now, below Linux's ephemeral range (32768–60999): the
 * system never hands it out to another socket while the server is down between
 * `kill()` and `start()`, so another test's server cannot take it meanwhile.
 */
async function freePort(): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await listenable(port)) return port;
  }
  throw new Error("No free port for a private redis-server between 20000 and 32000.");
}

/** Whether a server can listen on 127.0.0.1:`port` now. */
function listenable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * Resolves once `server` itself answers on `port` (its `process_id`, read with `INFO`
 * after `AUTH` with `password`) and has loaded its data (`loading:0`: until then a
 * durable server answers every data command with `-LOADING`): another process listening
 * there (a port taken while the server was down) does not count. Rejects when `server`
 * exits first or after `withinMs`.
 */
async function acceptsConnections(port: number, server: ChildProcess, password: string | undefined, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`redis-server on port ${port} exited (code ${server.exitCode}).`);
    if ((await answeringPid(port, password)) === server.pid) return;
    if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not accept connections within ${withinMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The `process_id` of the Redis answering on `port` once it has loaded its data, or
 * undefined when none answers, it refuses `password`, or it is still loading.
 */
function answeringPid(port: number, password: string | undefined): Promise<number | undefined> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    let reply = "";
    const done = (pid: number | undefined): void => {
      socket.destroy();
      resolve(pid);
    };
    socket.setTimeout(1_000, () => done(undefined));
    socket.once("error", () => done(undefined));
    // AUTH as a RESP array: a password of any characters goes as it is.
    const auth = password ? `*2\r\n$4\r\nAUTH\r\n$${Buffer.byteLength(password)}\r\n${password}\r\n` : "";
    socket.once("connect", () => socket.write(`${auth}INFO\r\n`));
    socket.on("data", (data) => {
      reply += data.toString();
      if (/^-/m.test(reply)) return done(undefined);
      // The default sections end with keyspace: the whole reply has come once it is there.
      if (!reply.includes("# Keyspace")) return;
      const pid = /process_id:(\d+)/.exec(reply)?.[1];
      done(pid !== undefined && /^loading:0\r?$/m.test(reply) ? Number(pid) : undefined);
    });
  });
}
