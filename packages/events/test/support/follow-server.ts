import type { StreamEvent } from "@baton/core";
import { afterEach } from "vitest";
import { decodeSseEvents, type RunEventFollower } from "../../src/index.js";
import { sendSse } from "../../src/node/index.js";
import { startServer, type TestServer } from "./sse-test-server.js";

/** An API node: `GET /?run=<id>` streams the run through `follower` with `sendSse`. */
export function startNode(follower: RunEventFollower): Promise<TestServer> {
  return startServer((req, res) => {
    const runId = new URL(req.url ?? "/", "http://x").searchParams.get("run") ?? "";
    return sendSse(req, res, follower.run(runId), { heartbeatMs: 0 });
  });
}

/** The API nodes and followers of a test file, closed after each test. */
export interface FollowNodes {
  /** Starts an API node serving `follower`. */
  node(follower: RunEventFollower): Promise<TestServer>;
  /** Closes `follower` after the test (one that serves no node). */
  keep(follower: RunEventFollower): RunEventFollower;
}

/** Registers the clean-up of the nodes and followers a test file starts. */
export function useFollowNodes(): FollowNodes {
  const servers: TestServer[] = [];
  const followers: RunEventFollower[] = [];
  afterEach(async () => {
    for (const follower of followers.splice(0)) follower.close();
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return {
    node: async (follower) => {
      followers.push(follower);
      const server = await startNode(follower);
      servers.push(server);
      return server;
    },
    keep: (follower) => (followers.push(follower), follower),
  };
}

/** An open event stream of a client: read some events, read to the end, or leave. */
export interface ClientStream {
  readonly status: number;
  /** Reads `count` more events. */
  take(count: number): Promise<StreamEvent[]>;
  /** Reads every remaining event, until the stream ends. */
  rest(): Promise<StreamEvent[]>;
  /** Disconnects. */
  leave(): Promise<void>;
}

/** Connects to `server` for `runId`, with `Last-Event-ID` when given. */
export async function connect(server: TestServer, runId: string, lastEventId?: number): Promise<ClientStream> {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/?run=${encodeURIComponent(runId)}`, {
    signal: controller.signal,
    ...(lastEventId === undefined ? {} : { headers: { "Last-Event-ID": String(lastEventId) } }),
  });
  const iterator = decodeSseEvents(response.body as ReadableStream<Uint8Array>)[Symbol.asyncIterator]();
  return {
    status: response.status,
    async take(count) {
      const events: StreamEvent[] = [];
      while (events.length < count) {
        const step = await iterator.next();
        if (step.done === true) throw new Error(`The stream ended after ${events.length} of ${count} events.`);
        events.push(step.value);
      }
      return events;
    },
    async rest() {
      const events: StreamEvent[] = [];
      for (;;) {
        const step = await iterator.next();
        if (step.done === true) return events;
        events.push(step.value);
      }
    },
    async leave() {
      await iterator.return?.();
      controller.abort();
    },
  };
}

/** The JSON error answer of `server` for `runId` (status and code). */
export async function errorAnswer(server: TestServer, runId: string, lastEventId?: number): Promise<{ status: number; code: string; details: unknown }> {
  const response = await fetch(
    `${server.url}/?run=${encodeURIComponent(runId)}`,
    lastEventId === undefined ? {} : { headers: { "Last-Event-ID": String(lastEventId) } },
  );
  const body = (await response.json()) as { error: { code: string; details?: unknown } };
  return { status: response.status, code: body.error.code, details: body.error.details };
}

/** `from`…`to`. */
export const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
