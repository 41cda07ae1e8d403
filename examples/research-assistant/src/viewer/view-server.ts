import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { StreamEvent } from "@baton/sdk";
import { createEventRecorder, createViewerHandler, viewerPath } from "@baton/viewer";

/** Options of {@link startViewServer}. */
export interface ViewServerOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  readonly port?: number;
  /** Interface to listen on. Default `127.0.0.1` (this machine only). */
  readonly host?: string;
}

/** The run viewer of `--view`: a small HTTP server with `@baton/viewer`'s handler over the runs this process records. */
export interface ViewServer {
  /** Records an event of a run (pass the run's events here). */
  record(event: StreamEvent): void;
  /** The viewer page of `runId`. */
  urlOf(runId: string): string;
  /** Stops the server. */
  close(): Promise<void>;
}

/**
 * Starts the run viewer for `--view`: the runs' events are kept in memory (an event
 * recorder) and shown by the viewer's page at `http://<host>:<port>/viewer/runs/<runId>`.
 * While a run goes on, the page loads its events again every second until it ends.
 */
export async function startViewServer(options: ViewServerOptions = {}): Promise<ViewServer> {
  const recorder = createEventRecorder({ maxRuns: 20 });
  const viewer = createViewerHandler({ events: (runId) => recorder.events(runId) });
  const server = createServer(async (req, res) => {
    if (await viewer(req, res)) return;
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found: the run viewer is under /viewer/runs/<run id>.\n");
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host === "127.0.0.1" || host === "0.0.0.0" ? "localhost" : host;
  return {
    record: (event) => recorder.emit(event),
    urlOf: (runId) => `http://${shownHost}:${port}${viewerPath(runId)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
