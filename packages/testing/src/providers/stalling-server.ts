import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A local server whose every answer is an SSE stream that sends some frames, then goes quiet. */
export interface StallingServer {
  readonly url: string;
  /** Requests received. */
  readonly requests: number;
  /** Ends the stalled responses and stops listening. */
  close(): Promise<void>;
}

/**
 * Starts a server that answers every request with `status 200`, `text/event-stream`,
 * the `before` frames (already framed, e.g. `data: {...}\n\n`), then nothing for
 * `stallMs` (forever when undefined) and then the `after` frames and the end.
 */
export async function startStallingServer(before: readonly string[], stall: { stallMs?: number; after?: readonly string[] } = {}): Promise<StallingServer> {
  const open = new Set<ServerResponse>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    req.resume();
    open.add(res);
    res.on("close", () => open.delete(res));
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "request-id": "req_stall", "x-request-id": "req_stall" });
    res.flushHeaders();
    for (const frame of before) res.write(frame);
    if (stall.stallMs === undefined) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      for (const frame of stall.after ?? []) res.write(frame);
      res.end();
    }, stall.stallMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
