import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { PROTOCOL_FRAMING, type ProviderProtocol } from "./provider-protocol.js";

/** One scripted answer of the {@link ProviderServer}. */
export type ScriptedHttpResponse =
  | {
      /** A server-sent event stream of recorded JSON lines, framed as `protocol` frames them. */
      readonly kind: "stream";
      readonly protocol: ProviderProtocol;
      readonly chunks: readonly string[];
      /** Destroy the connection after this many chunks (a stream cut mid-way). */
      readonly cutAfter?: number;
      /** Wait this long between chunks, in ms. */
      readonly delayMs?: number;
      /** Extra response headers (e.g. a request id). */
      readonly headers?: Readonly<Record<string, string>>;
    }
  | {
      /** A plain JSON answer (an error body, or a non-streamed response). */
      readonly kind: "json";
      readonly status: number;
      readonly body: unknown;
      readonly headers?: Readonly<Record<string, string>>;
    };

/** A request the server received. */
export interface RecordedProviderRequest {
  readonly method: string;
  /** The path without the query string. */
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The parsed JSON body (the raw text when it is not JSON). */
  readonly body: unknown;
}

/** A local HTTP server standing in for a model provider's API. */
export interface ProviderServer {
  /** Base URL, e.g. `http://127.0.0.1:43123` (append `/v1` for OpenAI and Anthropic SDKs as they expect). */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: RecordedProviderRequest[];
  /** Queues answers; each request takes the next one. */
  enqueue(...responses: ScriptedHttpResponse[]): void;
  /** Answers still queued. */
  readonly pending: number;
  /** Connections whose client went away before the answer ended (an abort). */
  readonly clientAborts: number;
  /** Stops the server and drops open connections. */
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a local server that answers provider API calls with scripted responses:
 * recorded streams (with each provider's exact SSE framing), error answers (429 with
 * `retry-after`, 500, …) and streams cut mid-way. Point an official SDK client's
 * `baseURL` at it. Requests are recorded for assertions on their bodies.
 *
 * @example
 * const server = await startProviderServer();
 * server.enqueue({ kind: "stream", protocol: "openai-chat", chunks: loadProviderFixture("openai-chat", "openai-text") });
 * const client = new OpenAI({ apiKey: "test", baseURL: `${server.url}/v1` });
 */
export async function startProviderServer(): Promise<ProviderServer> {
  const queue: ScriptedHttpResponse[] = [];
  const requests: RecordedProviderRequest[] = [];
  let clientAborts = 0;

  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://localhost");
    requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body: await readBody(req),
    });
    const next = queue.shift();
    if (next === undefined) {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `The provider test server has no scripted answer for ${req.method} ${url.pathname}.` } }));
      return;
    }
    if (next.kind === "json") {
      res.writeHead(next.status, { "content-type": "application/json", ...next.headers });
      res.end(JSON.stringify(next.body));
      return;
    }
    let gone = false;
    res.on("close", () => {
      if (!res.writableEnded) {
        gone = true;
        clientAborts++;
      }
    });
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", ...next.headers });
    res.flushHeaders();
    const framing = PROTOCOL_FRAMING[next.protocol];
    for (let i = 0; i < next.chunks.length; i++) {
      if (gone) return;
      if (next.cutAfter !== undefined && i >= next.cutAfter) {
        res.socket?.destroy();
        return;
      }
      // Each chunk reaches the socket before the next step (so a cut happens after it, not before).
      await new Promise<void>((resolve) => res.write(framing.frame(next.chunks[i]!), () => resolve()));
      if (next.delayMs) await wait(next.delayMs);
    }
    if (!gone) res.end(framing.end);
  };

  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...responses) => {
      queue.push(...responses);
    },
    get pending() {
      return queue.length;
    },
    get clientAborts() {
      return clientAborts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
