import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { EventSink, RunResult, StreamEvent, Tool, ToolExecutionContext } from "@baton/core";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel, type ScriptedTurn } from "@baton/testing";

/** A real HTTP server on 127.0.0.1 with a random port, for SSE tests. */
export interface TestServer {
  readonly url: string;
  /** Requests received, in order. */
  readonly requests: IncomingMessage[];
  /** Errors thrown by the handler. */
  readonly errors: unknown[];
  close(): Promise<void>;
}

/** Starts `handler` on 127.0.0.1:0. */
export async function startServer(handler: (req: IncomingMessage, res: ServerResponse) => unknown): Promise<TestServer> {
  const requests: IncomingMessage[] = [];
  const errors: unknown[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    Promise.resolve()
      .then(() => handler(req, res))
      .catch((error: unknown) => {
        errors.push(error);
        res.destroy();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    errors,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Collects events, as an in-process sink. */
export function recorder(): EventSink & { readonly events: StreamEvent[] } {
  const events: StreamEvent[] = [];
  return { events, emit: (event) => void events.push(event) };
}

/** Options of {@link agentRun}. */
export interface AgentRunOptions {
  readonly signal: AbortSignal;
  readonly sinks: readonly EventSink[];
  /** Milliseconds between streamed answer chunks. Default 0. */
  readonly chunkDelayMs?: number;
  /** Answer chunks. Default 12 words. */
  readonly answer?: readonly string[];
  /** The tool the model calls first. Default: a `lookup` tool answering at once. */
  readonly tool?: Tool;
  readonly turns?: readonly ScriptedTurn[];
}

/** The default streamed answer: 12 chunks. */
export const ANSWER = ["The ", "answer ", "is ", "that ", "Baton ", "streams ", "events ", "over ", "SSE ", "with ", "replay", "."];

/**
 * A real loop run: the model calls one tool (`lookup` unless given), then streams
 * a text answer chunk by chunk.
 */
export function agentRun(options: AgentRunOptions): Promise<RunResult> {
  const tool = options.tool ?? fakeTool({ name: "lookup", result: { found: "baton", score: 0.9 } });
  const turns: readonly ScriptedTurn[] = options.turns ?? [
    { toolCalls: [{ name: tool.name, arguments: { query: "baton events" } }] },
    { text: options.answer ?? ANSWER, chunkDelayMs: options.chunkDelayMs ?? 0 },
  ];
  return run({
    provider: scriptedModel(turns),
    model: "scripted-model",
    input: "What does Baton stream?",
    tools: [tool],
    signal: options.signal,
    sinks: options.sinks,
  });
}

/** Reads every event of an async iterable. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** A `text-delta` of run `r1`, agent `main`, stamped 1000 + seq. */
export function textDelta(seq: number, text: string, contentIndex = 1): StreamEvent {
  return { type: "text-delta", text, runId: "r1", agentPath: "main", seq, contentIndex, timestamp: 1000 + seq };
}

/** The sequence numbers of `events`. */
export const seqs = (events: readonly StreamEvent[]): number[] => events.map((event) => event.seq);

/** Waits `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Asserts strictly increasing sequence numbers. */
export function isStrictlyIncreasing(values: readonly number[]): boolean {
  return values.every((value, i) => i === 0 || value > (values[i - 1] as number));
}

/** Polls `predicate` every 2 ms (for up to 2 s) and fails when it never holds. */
export async function waitUntil(predicate: () => boolean, what = "the condition"): Promise<void> {
  for (let i = 0; i < 1000 && !predicate(); i++) await sleep(2);
  if (!predicate()) throw new Error(`Timed out waiting for ${what}.`);
}

/** A tool that waits until its signal aborts (or `release()`), recording what it saw. */
export function waitingTool() {
  const seen: { aborted: boolean; reason: unknown; abortedAt: number | undefined; startedAt: number | undefined } = {
    aborted: false,
    reason: undefined,
    abortedAt: undefined,
    startedAt: undefined,
  };
  let release: (() => void) | undefined;
  const tool: Tool = {
    name: "wait_for_data",
    description: "Waits for data until aborted.",
    parameters: { type: "object", properties: {} },
    execute: (_args: unknown, ctx: ToolExecutionContext) =>
      new Promise((resolve, reject) => {
        seen.startedAt = performance.now();
        release = () => resolve({ done: true });
        ctx.signal.addEventListener(
          "abort",
          () => {
            seen.aborted = ctx.signal.aborted;
            seen.reason = ctx.signal.reason;
            seen.abortedAt = performance.now();
            reject(ctx.signal.reason);
          },
          { once: true },
        );
      }),
  };
  return { tool, seen, release: () => release?.() };
}

/** An async iterable of text chunks, as a body for the decoder. */
export async function* textChunks(...chunks: string[]): AsyncGenerator<string> {
  for (const chunk of chunks) yield chunk;
}
