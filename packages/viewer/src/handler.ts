import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import type { DataPolicy, RunEventLog, RunState, StreamEvent } from "@baton/core";
import { checkpointEvents } from "./checkpoint-events.js";
import { redactEvent } from "./redact-event.js";
import { readLoggedEvents } from "./sources.js";

/** A run's stored events: an array, any iterable or async iterable; `undefined` when the source does not know the run. */
export type StoredRunEvents = Iterable<StreamEvent> | AsyncIterable<StreamEvent>;

/** Options of {@link createViewerHandler}. */
export interface ViewerHandlerOptions {
  /**
   * The path the viewer is mounted under, without a trailing slash. Default `/viewer`.
   * The page of a run is `<basePath>/runs/<runId>` ({@link viewerPath}).
   */
  readonly basePath?: string;
  /**
   * Stored events of a run (a recorder's, your own store's): asked first. Return
   * `undefined` when the run is unknown here.
   */
  readonly events?: (runId: string) => StoredRunEvents | undefined | Promise<StoredRunEvents | undefined>;
  /**
   * A run event log (`@baton/queue`'s Redis log, or any `RunEventLog`): asked when
   * `events` did not know the run. The handler reads what the log holds now.
   */
  readonly log?: RunEventLog;
  /**
   * Any storage adapter (`storage.loadCheckpoint`): asked last. A run's checkpoint has no
   * event log, so its rows are rebuilt approximately ({@link checkpointEvents}); the page
   * says so. Checkpoints are written through the run's data policy.
   */
  readonly checkpoints?: {
    /** The run's latest checkpoint; undefined when none is stored. */
    loadCheckpoint(runId: string): Promise<RunState | undefined>;
  };
  /**
   * The Server-Sent Events URL of a run that may still be going (an `@baton/events`
   * SSE route, absolute or relative to the page's origin): the page follows it for the
   * events after the stored ones until the root agent's `run-end`. Return `undefined`
   * when there is none for this run.
   */
  readonly liveUrl?: (runId: string) => string | undefined;
  /**
   * The data policy of the runs shown: content it excludes (text, a tool's arguments or
   * results, messages) is replaced in the events served ({@link redactEvent}), so the page
   * shows only what the policy lets the run store. Default: the events as the source has them.
   * Live events (from `liveUrl`) go from your SSE route to the page: redact them there.
   */
  readonly dataPolicy?: DataPolicy;
  /** Most events served for one run (the earliest are kept). Default 200,000. */
  readonly maxEvents?: number;
  /** Called with errors of the sources (the request answers 500). Default `console.error`. */
  readonly onError?: (error: unknown) => void;
}

/** A Node request handler: resolves `true` when it answered the request, `false` when the path is not the viewer's (let the next handler have it). */
export type ViewerHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/** What `GET <basePath>/api/runs/<runId>` answers. */
export interface ViewerRunResponse {
  readonly runId: string;
  /** The stored events, in order. */
  readonly events: readonly StreamEvent[];
  /** Whether the stored events are the whole run (the root agent's `run-end` is among them, or the log says it ended). */
  readonly ended: boolean;
  /** Whether events were left off beyond `maxEvents`. */
  readonly truncated: boolean;
  /** Where the page follows the run live, when it may still be going. */
  readonly live?: string;
  /** Set when the events were rebuilt from the run's checkpoint: timings are approximate. */
  readonly approximate?: true;
}

/** Default mount path. */
export const DEFAULT_VIEWER_BASE_PATH = "/viewer";
/** Default cap on events served for one run. */
export const DEFAULT_VIEWER_MAX_EVENTS = 200_000;

const ASSETS: Readonly<Record<string, string>> = {
  "viewer.js": "text/javascript; charset=utf-8",
  "viewer.css": "text/css; charset=utf-8",
  "trace.js": "text/javascript; charset=utf-8",
  "favicon.svg": "image/svg+xml",
};

/** The built browser files: dist/browser (the build copies static/ and the compiled model there). */
const ASSET_DIR = fileURLToPath(new URL("../dist/browser/", import.meta.url));

const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src *; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** The page of a run under `basePath`: `<basePath>/runs/<runId>`. */
export function viewerPath(runId: string, basePath: string = DEFAULT_VIEWER_BASE_PATH): string {
  return `${trimBase(basePath)}/runs/${encodeURIComponent(runId)}`;
}

/**
 * A request handler that serves the run viewer under `basePath`: the page
 * (`<basePath>/runs/<runId>`), its static files (`<basePath>/assets/…`, shipped in
 * this package: no CDN), and the run's events as JSON (`<basePath>/api/runs/<runId>`,
 * from `events`, else `log`, else rebuilt from `checkpoints`). Mount it in any Node HTTP server: it answers only paths
 * under `basePath` (GET and HEAD) and resolves `false` for anything else.
 *
 * @example
 * const viewer = createViewerHandler({ events: recorder.events, liveUrl: (id) => `/api/runs/${id}/events` });
 * createServer(async (req, res) => {
 *   if (await viewer(req, res)) return;
 *   res.statusCode = 404;
 *   res.end();
 * });
 */
export function createViewerHandler(options: ViewerHandlerOptions = {}): ViewerHandler {
  const base = trimBase(options.basePath ?? DEFAULT_VIEWER_BASE_PATH);
  const maxEvents = options.maxEvents ?? DEFAULT_VIEWER_MAX_EVENTS;
  if (!Number.isInteger(maxEvents) || maxEvents < 1) throw new RangeError(`maxEvents must be an integer >= 1, got ${maxEvents}.`);
  const onError = options.onError ?? console.error;
  const cache = new Map<string, Buffer>();

  const asset = async (name: string): Promise<Buffer> => {
    let body = cache.get(name);
    if (!body) {
      body = await readFile(ASSET_DIR + name);
      cache.set(name, body);
    }
    return body;
  };

  return async (req, res) => {
    const url = new URL(req.url ?? "/", "http://viewer.invalid");
    const path = url.pathname;
    if (path !== base && !path.startsWith(`${base}/`)) return false;
    const rest = path.slice(base.length);
    if (req.method !== "GET" && req.method !== "HEAD") {
      send(
        req,
        res,
        405,
        "application/json; charset=utf-8",
        JSON.stringify({ error: { code: "METHOD_NOT_ALLOWED", message: `${req.method} is not allowed here.` } }),
        { allow: "GET, HEAD" },
      );
      return true;
    }
    try {
      if (/^\/runs\/[^/]+$/.test(rest)) {
        send(req, res, 200, "text/html; charset=utf-8", await asset("index.html"), { "content-security-policy": PAGE_CSP, "cache-control": "no-cache" });
        return true;
      }
      const assetMatch = /^\/assets\/([\w.-]+)$/.exec(rest);
      if (assetMatch) {
        const name = assetMatch[1]!;
        const type = ASSETS[name];
        if (!type) return notFound(req, res, rest);
        send(req, res, 200, type, await asset(name), { "cache-control": "no-cache" });
        return true;
      }
      const apiMatch = /^\/api\/runs\/([^/]+)$/.exec(rest);
      if (apiMatch) {
        let runId: string;
        try {
          runId = decodeURIComponent(apiMatch[1]!);
        } catch {
          return notFound(req, res, rest);
        }
        const body = await runResponse(runId, options, maxEvents);
        if (!body) return notFound(req, res, rest, `No run ${runId} is known here.`);
        send(req, res, 200, "application/json; charset=utf-8", JSON.stringify(body), { "cache-control": "no-store" });
        return true;
      }
      return notFound(req, res, rest);
    } catch (error) {
      onError(error);
      if (res.headersSent) res.destroy();
      else
        send(
          req,
          res,
          500,
          "application/json; charset=utf-8",
          JSON.stringify({ error: { code: "INTERNAL_ERROR", message: "The viewer failed to answer this request." } }),
          {},
        );
      return true;
    }
  };
}

async function runResponse(runId: string, options: ViewerHandlerOptions, maxEvents: number): Promise<ViewerRunResponse | undefined> {
  let events: StreamEvent[] | undefined;
  let truncated = false;
  let ended = false;
  const stored = await options.events?.(runId);
  if (stored !== undefined) {
    events = [];
    for await (const event of stored as AsyncIterable<StreamEvent>) {
      if (events.length >= maxEvents) {
        truncated = true;
        break;
      }
      events.push(event);
    }
  } else if (options.log) {
    const logged = await readLoggedEvents(options.log, runId, maxEvents);
    if (logged) {
      events = logged.events;
      truncated = logged.truncated;
      ended = logged.ended;
    }
  }
  let approximate = false;
  if (events === undefined && options.checkpoints) {
    const checkpoint = await options.checkpoints.loadCheckpoint(runId);
    if (checkpoint) {
      events = checkpointEvents(checkpoint);
      approximate = true;
      if (events.length > maxEvents) {
        events = events.slice(0, maxEvents);
        truncated = true;
      }
      // A checkpoint says whether the run finished; the page loads it again until then.
      ended = checkpoint.stopReason !== undefined;
    }
  }
  if (events !== undefined && options.dataPolicy) {
    const policy = options.dataPolicy;
    events = events.map((event) => redactEvent(event, policy));
  }
  if (events !== undefined && !ended && !approximate) ended = events.some((event) => event.type === "run-end" && !event.agentPath.includes("/"));
  const live = ended ? undefined : options.liveUrl?.(runId);
  if (events === undefined && live === undefined) return undefined;
  return { runId, events: events ?? [], ended, truncated, ...(live === undefined ? {} : { live }), ...(approximate ? { approximate: true as const } : {}) };
}

function notFound(req: IncomingMessage, res: ServerResponse, path: string, message = `Nothing at ${path}.`): true {
  send(req, res, 404, "application/json; charset=utf-8", JSON.stringify({ error: { code: "NOT_FOUND", message } }), { "cache-control": "no-store" });
  return true;
}

function send(req: IncomingMessage, res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string>): void {
  res.writeHead(status, { "content-type": type, "content-length": String(Buffer.byteLength(body)), "x-content-type-options": "nosniff", ...headers });
  res.end(req.method === "HEAD" ? undefined : body);
}

function trimBase(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, "");
  if (trimmed !== "" && !trimmed.startsWith("/")) throw new RangeError(`basePath must start with "/", got ${JSON.stringify(basePath)}.`);
  return trimmed;
}
