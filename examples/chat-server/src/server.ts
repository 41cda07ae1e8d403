import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { RunSessions } from "@baton/events";
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
import type { RunRoutesState } from "./routes/run-routes-state.js";

/** Options of {@link createChatServer}. */
export interface ChatServerOptions {
  /** Port to listen on; 0 picks a free one. Default 3000. */
  readonly port?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  readonly host?: string;
  /** Multiplier of the scripted run's delays: 1 ≈ 3 s a run, 0 = as fast as possible. Default 1. */
  readonly speed?: number;
  /** Heartbeat interval of event streams in ms. Default 15000. */
  readonly heartbeatMs?: number;
  /** Cut each run's first event stream after this many events (to see and test reconnection). Default: never. */
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
   * `Retry-After`. Default 8 (`DEFAULT_MAX_CONCURRENT_RUNS`).
   */
  readonly maxConcurrentRuns?: number;
}

/** Default cap on runs going at once. */
export const DEFAULT_MAX_CONCURRENT_RUNS = 8;

/** A running chat server. */
export interface ChatServer {
  /** `http://<host>:<port>` (`localhost` for the loopback interface). */
  readonly url: string;
  readonly port: number;
  /** The runs, by id (the tests inspect them). */
  readonly sessions: RunSessions;
  readonly server: Server;
  /** Aborts the runs still going, closes every connection and stops listening. */
  close(): Promise<void>;
}

/**
 * Starts the chat server: the page at `/`, the browser modules at `/modules/…`,
 * and the run API (`POST /api/runs`, `GET /api/runs/:id`, `GET /api/runs/:id/events`,
 * `POST /api/runs/:id/abort`). Only requests for an allowed `Host` are answered
 * (and POSTs from an allowed `Origin`); at most `maxConcurrentRuns` runs go at
 * once. Resolves once it listens.
 */
export async function createChatServer(options: ChatServerOptions = {}): Promise<ChatServer> {
  const maxConcurrentRuns = options.maxConcurrentRuns ?? DEFAULT_MAX_CONCURRENT_RUNS;
  if (!Number.isInteger(maxConcurrentRuns) || maxConcurrentRuns < 1) throw new RangeError(`maxConcurrentRuns must be an integer >= 1, got ${maxConcurrentRuns}.`);
  const sessions = new RunSessions();
  const shutdown = new AbortController();
  const state: RunRoutesState = {
    sessions,
    shutdown: shutdown.signal,
    pace: createPace(options.speed ?? 1),
    heartbeatMs: options.heartbeatMs ?? 15_000,
    maxConcurrentRuns,
    ...(options.dropFirstStreamAfter === undefined ? {} : { dropFirstStreamAfter: options.dropFirstStreamAfter }),
  };
  const router = createRouter(
    [...pageRoutes(), ...moduleRoutes(browserModuleRoots()), createRunRoute(state), runStatusRoute(state), runEventsRoute(state), abortRunRoute(state)],
    options.onError,
    (req) => {
      // Set once the server listens (the port may be chosen then); nothing arrives before.
      if (guard !== undefined) checkRequest(guard, req);
    },
  );
  let guard: RequestGuard | undefined;
  const server = createServer((req, res) => void router(req, res));
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 3000, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  guard = createRequestGuard(options.allowedHosts ?? defaultAllowedHosts(host, port), options.allowedOrigins);
  const shownHost = host === "127.0.0.1" || host === "0.0.0.0" || host === "::" ? "localhost" : host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    sessions,
    server,
    close: () => closeServer(server, shutdown),
  };
}

async function closeServer(server: Server, shutdown: AbortController): Promise<void> {
  shutdown.abort(new Error("The server is shutting down."));
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}
