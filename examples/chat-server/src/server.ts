import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { followRunEvents, RunSessions, type RunEventFollower } from "@baton/events";
import { createRunQueue, type RunQueue } from "@baton/queue";
import { createEventRecorder, createViewerHandler } from "@baton/viewer";
import { createPace } from "./agent/pace.js";
import { checkRequest, createRequestGuard, defaultAllowedHosts, type RequestGuard } from "./http/request-guard.js";
import { createRouter } from "./http/router.js";
import { browserModuleRoots } from "./modules/browser-modules.js";
import { abortRunRoute } from "./routes/abort-run-route.js";
import { createRunRoute } from "./routes/create-run-route.js";
import { moduleRoutes } from "./routes/module-routes.js";
import { pageRoutes } from "./routes/page-routes.js";
import { runEventsRoute } from "./routes/run-events-route.js";
import { runStatusRoute } from "./routes/run-status-route.js";
import { viewerRoute } from "./routes/viewer-route.js";
import type { RunRoutesState } from "./routes/run-routes-state.js";
import { abortQueuedRunRoute } from "./routes/queue/abort-queued-run-route.js";
import { createQueuedRunRoute } from "./routes/queue/create-queued-run-route.js";
import { queuedRunEventsRoute } from "./routes/queue/queued-run-events-route.js";
import { queuedRunStatusRoute } from "./routes/queue/queued-run-status-route.js";
import { answeringUnavailable } from "./routes/queue/queue-unavailable.js";
import type { QueueRoutesState } from "./routes/queue/queue-routes-state.js";
import { CHAT_AGENT_NAME, redactedRedisUrl, type QueueSettings } from "./queue/queue-settings.js";
import type { Route } from "./http/router.js";

/** Options of {@link createChatServer}. */
export interface ChatServerOptions {
  /** Port to listen on; 0 picks a free one. Default 3000. */
  readonly port?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  readonly host?: string;
  /**
   * Multiplier of the scripted run's delays: 1 ≈ 3 s a run, 0 = as fast as possible.
   * Default 1. In queue mode the workers' `CHAT_SERVER_SPEED` sets it instead.
   */
  readonly speed?: number;
  /** Heartbeat interval of event streams in ms. Default 15000. */
  readonly heartbeatMs?: number;
  /** Cut each run's first event stream after this many events (to see and test reconnection). Default: never. In-process mode only. */
  readonly dropFirstStreamAfter?: number;
  /** Where unexpected errors are logged. Default `console.error`. */
  readonly onError?: (error: unknown) => void;
  /**
   * `Host` header values the server answers (`name:port`); any other is a 403
   * `FORBIDDEN_HOST`, which defeats DNS rebinding. Default: `localhost:<port>`,
   * `127.0.0.1:<port>`, `[::1]:<port>`, and `<host>:<port>` when `host` is a specific
   * name or address. Add the names you reach the server by when it listens on `0.0.0.0`.
   */
  readonly allowedHosts?: readonly string[];
  /**
   * `Origin` values accepted on POST requests (`http://name:port`); a POST with any
   * other `Origin` is a 403 `FORBIDDEN_ORIGIN` (requests without `Origin` pass).
   * Default: `http://<h>` for each allowed host.
   */
  readonly allowedOrigins?: readonly string[];
  /**
   * Runs going at once; `POST /api/runs` beyond it answers 429 `TOO_MANY_RUNS` with
   * `Retry-After`. Default 8 (`DEFAULT_MAX_CONCURRENT_RUNS`). In queue mode it counts
   * the runs waiting or running in the queue, whichever HTTP node enqueued them.
   */
  readonly maxConcurrentRuns?: number;
  /**
   * Queue mode: this server runs no agent. `POST /api/runs` enqueues the run in the
   * BullMQ queue on this Redis, worker processes (`dist/worker.js`) run it, and the
   * events route streams its events from Redis. Default: the in-process mode (the
   * server runs the agent itself).
   */
  readonly queue?: QueueSettings;
  /** How long to wait for the queue's Redis when starting in queue mode, in ms. Default 5000. */
  readonly queueConnectTimeoutMs?: number;
}

/** Default cap on runs going at once. */
export const DEFAULT_MAX_CONCURRENT_RUNS = 8;

/** A running chat server. */
export interface ChatServer {
  /** `http://<host>:<port>` (`localhost` for the loopback interface). */
  readonly url: string;
  readonly port: number;
  /** `in-process`: the server runs the agent; `queue`: it enqueues runs for the workers and streams their events. */
  readonly mode: "in-process" | "queue";
  /** The runs, by id (the tests inspect them); always empty in queue mode. */
  readonly sessions: RunSessions;
  /** The run queue, in queue mode. */
  readonly queue?: RunQueue;
  readonly server: Server;
  /** Aborts the runs still going, closes every connection and stops listening. */
  close(): Promise<void>;
}

/**
 * Starts the chat server: the page at `/`, the browser modules at `/modules/…`,
 * the run viewer at `/viewer/runs/:id` (`@baton/viewer`), and the run API (`POST /api/runs`, `GET /api/runs/:id`, `GET /api/runs/:id/events`,
 * `POST /api/runs/:id/abort`). Only requests for an allowed `Host` are answered
 * (and POSTs from an allowed `Origin`); at most `maxConcurrentRuns` runs go at
 * once. With `queue`, the runs are enqueued for worker processes instead of run
 * here (queue mode). Resolves once it listens.
 */
export async function createChatServer(options: ChatServerOptions = {}): Promise<ChatServer> {
  const maxConcurrentRuns = options.maxConcurrentRuns ?? DEFAULT_MAX_CONCURRENT_RUNS;
  if (!Number.isInteger(maxConcurrentRuns) || maxConcurrentRuns < 1)
    throw new RangeError(`maxConcurrentRuns must be an integer >= 1, got ${maxConcurrentRuns}.`);
  if (options.queue !== undefined && options.dropFirstStreamAfter !== undefined) throw new RangeError("dropFirstStreamAfter is for the in-process mode only.");
  const sessions = new RunSessions();
  const shutdown = new AbortController();
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const queued = options.queue === undefined ? undefined : await openQueue(options.queue, options.queueConnectTimeoutMs ?? 5_000, options.onError);
  let runRoutes: Route[];
  // The run viewer (`/viewer/runs/<id>`, the page's "view trace" link): in-process, the events a
  // recorder kept of this server's runs; in queue mode, the run's event log in Redis. While a
  // run goes on, the viewer page follows its event stream.
  const recorder = queued === undefined ? createEventRecorder({ maxRuns: 200 }) : undefined;
  const viewer = createViewerHandler({
    basePath: "/viewer",
    ...(recorder ? { events: (runId: string) => recorder.events(runId) } : {}),
    ...(queued ? { log: queued.queue.events } : {}),
    liveUrl: (runId) => (queued !== undefined || sessions.get(runId) !== undefined ? `/api/runs/${encodeURIComponent(runId)}/events` : undefined),
    ...(options.onError ? { onError: options.onError } : {}),
  });
  if (queued === undefined) {
    const state: RunRoutesState = {
      sessions,
      ...(recorder ? { recorder } : {}),
      shutdown: shutdown.signal,
      pace: createPace(options.speed ?? 1),
      heartbeatMs,
      maxConcurrentRuns,
      ...(options.dropFirstStreamAfter === undefined ? {} : { dropFirstStreamAfter: options.dropFirstStreamAfter }),
    };
    runRoutes = [createRunRoute(state), runStatusRoute(state), runEventsRoute(state), abortRunRoute(state)];
  } else {
    const state: QueueRoutesState = { ...queued, agent: CHAT_AGENT_NAME, heartbeatMs, maxConcurrentRuns };
    // Redis not answering within the queue's bound (2 s) is a 503 with Retry-After on every run route.
    runRoutes = [createQueuedRunRoute(state), queuedRunStatusRoute(state), queuedRunEventsRoute(state), abortQueuedRunRoute(state)].map(answeringUnavailable);
  }
  const router = createRouter(
    // The viewer first: its files are under /viewer/, which the page routes would take for public/ files.
    [viewerRoute(viewer), ...pageRoutes(), ...moduleRoutes(browserModuleRoots()), ...runRoutes],
    options.onError,
    (req) => {
      // Set once the server listens (the port may be chosen then); nothing arrives before.
      if (guard !== undefined) checkRequest(guard, req);
    },
  );
  let guard: RequestGuard | undefined;
  const server = createServer((req, res) => void router(req, res));
  const host = options.host ?? "127.0.0.1";
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 3000, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    await closeQueue(queued);
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  guard = createRequestGuard(options.allowedHosts ?? defaultAllowedHosts(host, port), options.allowedOrigins);
  const shownHost = host === "127.0.0.1" || host === "0.0.0.0" || host === "::" ? "localhost" : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    mode: queued === undefined ? "in-process" : "queue",
    sessions,
    ...(queued === undefined ? {} : { queue: queued.queue }),
    server,
    close: () => (closing ??= closeServer(server, shutdown, queued)),
  };
}

/** The queue and the event follower of the queue mode. */
interface OpenQueue {
  readonly queue: RunQueue;
  readonly follower: RunEventFollower;
}

/**
 * Opens the run queue on `settings` and a follower of its events; fails when Redis does
 * not answer within `timeoutMs`. Once open, every call of the queue is bounded by its
 * `commandTimeoutMs` (2 s by default) and the queue reconnects by itself.
 */
async function openQueue(settings: QueueSettings, timeoutMs: number, onError: ((error: unknown) => void) | undefined): Promise<OpenQueue> {
  const queue = createRunQueue({ connection: settings.redisUrl, name: settings.name, prefix: settings.prefix });
  try {
    await queue.ready({ timeoutMs });
  } catch (error) {
    await queue.close().catch(() => undefined);
    throw new Error(`Redis at ${redactedRedisUrl(settings.redisUrl)} did not answer within ${timeoutMs} ms.`, { cause: error });
  }
  // A follower breaks its clients' streams when reading Redis fails (they reconnect); it is logged here.
  const follower = followRunEvents(queue.events, {
    onError: (error, runId) => (onError ?? console.error)(new Error(`Reading the events of run ${runId} failed.`, { cause: error })),
  });
  return { queue, follower };
}

async function closeQueue(queued: OpenQueue | undefined): Promise<void> {
  if (queued === undefined) return;
  queued.follower.close();
  await queued.queue.close();
}

/**
 * In-process mode: aborts the runs still going. Queue mode: the runs go on in the
 * workers; the streams of this node's clients end (they can reconnect to another node).
 */
async function closeServer(server: Server, shutdown: AbortController, queued: OpenQueue | undefined): Promise<void> {
  shutdown.abort(new Error("The server is shutting down."));
  queued?.follower.close();
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  await closeQueue(queued);
}
