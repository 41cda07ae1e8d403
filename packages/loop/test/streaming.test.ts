import { describe, expect, it } from "vitest";
import type { ModelProvider, StreamEvent, SubAgentRequest, Tool } from "@baton/core";
import { scriptedModel } from "@baton/testing";
import { run, stream } from "../src/index.js";

const words = (prefix: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${prefix}${i} `);

/** A model for one agent: streams `textChunks` after its tool round (if it has a tool). */
function agentModel(tool: string | undefined, textChunks: readonly string[], chunkDelayMs: number): ModelProvider {
  return scriptedModel([...(tool ? [{ toolCalls: [{ name: tool, arguments: {} }] }] : []), { text: textChunks, chunkDelayMs }]);
}

/** A tool whose run spawns the given sub-agents at once and reports progress while they run. */
function spawnTool(name: string, children: readonly SubAgentRequest[]): Tool {
  return {
    name,
    description: `Runs ${children.length} sub-agents in parallel.`,
    parameters: { type: "object", properties: {} },
    async execute(_args, ctx) {
      await ctx.progress(`starting ${children.length}`);
      const results = await Promise.all(children.map((child) => ctx.runSubAgent(child)));
      return results.map((r) => r.text.trim().split(" ").length);
    },
  };
}

/** main → fan_out → a, b, c in parallel; c itself → deep → d. Every agent streams text. */
function nestedTree(): { tools: Tool[]; provider: ModelProvider; texts: Record<string, string> } {
  const texts: Record<string, string> = {
    main: words("m", 6).join(""),
    "main/a#1": words("a", 40).join(""),
    "main/b#1": words("b", 40).join(""),
    "main/c#1": words("c", 40).join(""),
    "main/c#1/d#1": words("d", 30).join(""),
  };
  const d: SubAgentRequest = { name: "d", input: "go", provider: agentModel(undefined, words("d", 30), 1) };
  const children: SubAgentRequest[] = [
    { name: "a", input: "go", provider: agentModel(undefined, words("a", 40), 1) },
    { name: "b", input: "go", provider: agentModel(undefined, words("b", 40), 1) },
    { name: "c", input: "go", provider: agentModel("deep", words("c", 40), 1), tools: [spawnTool("deep", [d])] },
  ];
  return { tools: [spawnTool("fan_out", children)], provider: agentModel("fan_out", words("m", 6), 0), texts };
}

describe("event ordering across nested agents streaming at once", () => {
  it("gives one strictly increasing sequence, keeps each agent's own order, and really interleaves", async () => {
    const tree = nestedTree();
    const events: StreamEvent[] = [];
    const result = await run({ provider: tree.provider, model: "m", input: "hi", tools: tree.tools, onEvent: (e) => events.push(e) });
    expect(result.stopReason).toBe("completed");

    // One run id, seq = 1..N in delivery order.
    expect(new Set(events.map((e) => e.runId)).size).toBe(1);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));

    const byAgent = new Map<string, StreamEvent[]>();
    for (const event of events) byAgent.set(event.agentPath, [...(byAgent.get(event.agentPath) ?? []), event]);
    expect([...byAgent.keys()].sort()).toEqual(Object.keys(tree.texts).sort());
    for (const [path, own] of byAgent) {
      // Each agent: run-start first, run-end last, its text deltas spell its answer in order.
      expect(own[0]!.type).toBe("run-start");
      expect(own.at(-1)!.type).toBe("run-end");
      const text = own.flatMap((e) => (e.type === "text-delta" ? [e.text] : [])).join("");
      expect(text).toBe(tree.texts[path]);
    }
    // A nested run starts after its parent's tool started, and ends before that tool is done.
    const at = (predicate: (e: StreamEvent) => boolean) => events.findIndex(predicate);
    for (const child of ["main/a#1", "main/b#1", "main/c#1"]) {
      expect(at((e) => e.type === "tool-start" && e.toolName === "fan_out")).toBeLessThan(at((e) => e.agentPath === child));
      expect(events.findLastIndex((e) => e.agentPath === child)).toBeLessThan(at((e) => e.type === "tool-done" && e.toolName === "fan_out"));
    }
    // The three siblings stream at once: their text deltas alternate many times.
    const siblingDeltas = events.filter((e) => e.type === "text-delta" && /^main\/[abc]#1$/.test(e.agentPath)).map((e) => e.agentPath);
    let switches = 0;
    for (let i = 1; i < siblingDeltas.length; i++) if (siblingDeltas[i] !== siblingDeltas[i - 1]) switches++;
    expect(switches).toBeGreaterThan(20);
  });

  it("numbers content blocks so each belongs to one agent, never goes back per agent, and nests after the parent", async () => {
    const tree = nestedTree();
    const events: StreamEvent[] = [];
    await run({ provider: tree.provider, model: "m", input: "hi", tools: tree.tools, onEvent: (e) => events.push(e) });

    // Each block index names one agent's block, and one kind of content.
    const owner = new Map<number, string>();
    const kindOf = new Map<number, string>();
    for (const e of events) {
      const known = owner.get(e.contentIndex);
      if (known === undefined) owner.set(e.contentIndex, e.agentPath);
      else if (e.type === "text-delta" || e.type === "reasoning-delta" || e.type === "tool-call") expect(known).toBe(e.agentPath);
      if (e.type === "text-delta" || e.type === "tool-call") {
        const kind = e.type === "text-delta" ? "text" : "tools";
        expect(kindOf.get(e.contentIndex) ?? kind).toBe(kind);
        kindOf.set(e.contentIndex, kind);
      }
    }
    // Per agent, the index never decreases.
    const perAgent = new Map<string, number>();
    for (const e of events) {
      expect(e.contentIndex).toBeGreaterThanOrEqual(perAgent.get(e.agentPath) ?? 0);
      perAgent.set(e.agentPath, e.contentIndex);
    }
    const indices = (path: string) => events.filter((e) => e.agentPath === path).map((e) => e.contentIndex);
    const toolBlock = events.find((e) => e.type === "tool-call" && e.agentPath === "main")!.contentIndex;
    const finalText = events.find((e) => e.type === "text-delta" && e.agentPath === "main")!.contentIndex;
    for (const child of ["main/a#1", "main/b#1", "main/c#1", "main/c#1/d#1"]) {
      // A sub-agent continues from its parent's index: it starts there and its blocks come after it…
      expect(Math.min(...indices(child))).toBeGreaterThanOrEqual(toolBlock);
      const ownBlocks = events.filter((e) => e.agentPath === child && e.type === "text-delta").map((e) => e.contentIndex);
      expect(Math.min(...ownBlocks)).toBeGreaterThan(toolBlock);
      // …and never moves the parent back: the parent's next block comes after all of them.
      expect(finalText).toBeGreaterThan(Math.max(...indices(child)));
    }
    expect(events.find((e) => e.type === "run-start" && e.agentPath === "main/a#1")!.contentIndex).toBe(toolBlock);
    // Text of the final answer stays in one block.
    expect(new Set(events.filter((e) => e.type === "text-delta" && e.agentPath === "main").map((e) => e.contentIndex)).size).toBe(1);
  });

  it("opens a new block per kind of content and per step", async () => {
    const provider = scriptedModel([{ reasoning: "think", text: ["a", "b"], toolCalls: [{ name: "noop" }] }, { text: ["c", "d"] }]);
    const noop: Tool = { name: "noop", description: "Does nothing.", parameters: { type: "object", properties: {} }, execute: () => "ok" };
    const events: StreamEvent[] = [];
    await run({ provider, model: "m", input: "hi", tools: [noop], onEvent: (e) => events.push(e) });
    const blocks = events
      .filter((e) => ["reasoning-delta", "text-delta", "tool-call", "tool-start", "tool-done", "text-delta"].includes(e.type))
      .map((e) => `${e.contentIndex}:${e.type}`);
    expect(blocks).toEqual(["0:reasoning-delta", "1:text-delta", "1:text-delta", "2:tool-call", "2:tool-start", "2:tool-done", "3:text-delta", "3:text-delta"]);
    expect(events[0]).toMatchObject({ type: "run-start", contentIndex: 0 });
  });
});

/** Reads a run stream slowly, measuring how far the producer gets ahead of the reader. */
async function readSlowly(events: AsyncIterable<StreamEvent>, produced: () => number, every = 1): Promise<{ read: number; maxLag: number }> {
  let read = 0;
  let maxLag = 0;
  for await (const _event of events) {
    read++;
    maxLag = Math.max(maxLag, produced() - read);
    if (read % every === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return { read, maxLag };
}

describe("backpressure", () => {
  it("a slow stream consumer slows the model stream down: events waiting stay under the high-water mark", async () => {
    let produced = 0;
    const running = stream({
      provider: scriptedModel([{ text: words("w", 10_000) }]),
      model: "m",
      input: "hi",
      streamHighWaterMark: 64,
      onEvent: () => produced++,
    });
    const { read, maxLag } = await readSlowly(running, () => produced);
    expect((await running.result).stopReason).toBe("completed");
    expect(read).toBe(produced);
    expect(read).toBeGreaterThan(10_000);
    // Unbounded, the model (which never waits) would be ~10,000 events ahead.
    expect(maxLag).toBeLessThanOrEqual(64 + 4);
  });

  it("measures memory: 200,000 deltas read slowly keep the heap flat", async () => {
    let produced = 0;
    const chunk = "x".repeat(200);
    const running = stream({
      provider: scriptedModel([{ text: Array.from({ length: 200_000 }, () => chunk) }]),
      model: "m",
      input: "hi",
      streamHighWaterMark: 256,
      onEvent: () => produced++,
    });
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = 0;
    let read = 0;
    for await (const _event of running) {
      if (++read % 5000 === 0) {
        peak = Math.max(peak, process.memoryUsage().heapUsed - heapBefore);
        expect(produced - read).toBeLessThanOrEqual(256 + 4);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    }
    await running.result;
    // 200,000 queued events of 200 characters would hold over 60 MB; bounded it is a few MB of garbage at most.
    expect(peak).toBeLessThan(40 * 1024 * 1024);
  });

  it("a tool's stream is paused while the consumer is behind", async () => {
    let produced = 0;
    let yielded = 0;
    const streamingTool: Tool = {
      name: "firehose",
      description: "Yields many chunks.",
      parameters: { type: "object", properties: {} },
      async *execute() {
        for (let i = 0; i < 3000; i++) {
          yielded++;
          yield { i };
        }
        return "done";
      },
    };
    const running = stream({
      provider: scriptedModel([{ toolCalls: [{ name: "firehose" }] }, "ok"]),
      model: "m",
      input: "hi",
      tools: [streamingTool],
      streamHighWaterMark: 32,
      onEvent: () => produced++,
    });
    let maxAhead = 0;
    let read = 0;
    for await (const event of running) {
      read++;
      if (event.type === "tool-stream") maxAhead = Math.max(maxAhead, yielded - (event.chunk as { i: number }).i);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await running.result).stopReason).toBe("completed");
    expect(read).toBe(produced);
    expect(maxAhead).toBeLessThanOrEqual(32 + 4);
  });

  it("an onEvent that returns a promise makes run() wait for it", async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const result = await run({
      provider: scriptedModel([{ text: words("w", 200) }]),
      model: "m",
      input: "hi",
      onEvent: () => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        return new Promise<void>((resolve) =>
          setImmediate(() => {
            inFlight--;
            resolve();
          }),
        );
      },
    });
    expect(result.text).toBe(words("w", 200).join(""));
    // Each text delta waits for the previous one's promise; only events without a yield point in between pile up.
    expect(maxInFlight).toBeLessThanOrEqual(4);
  });

  it("a progress call returns the promise to await while the consumer is behind", async () => {
    const returned: unknown[] = [];
    const chatty: Tool = {
      name: "chatty",
      description: "Reports a lot.",
      parameters: { type: "object", properties: {} },
      async execute(_args, ctx) {
        for (let i = 0; i < 100; i++) {
          const wait = ctx.progress(`step ${i}`);
          returned.push(wait);
          await wait;
        }
        return "ok";
      },
    };
    const running = stream({
      provider: scriptedModel([{ toolCalls: [{ name: "chatty" }] }, "done"]),
      model: "m",
      input: "hi",
      tools: [chatty],
      streamHighWaterMark: 8,
    });
    const { read } = await readSlowly(running, () => 0);
    expect((await running.result).stopReason).toBe("completed");
    expect(read).toBeGreaterThan(100);
    expect(returned.filter((r) => r instanceof Promise).length).toBeGreaterThan(0);
  });

  it("a run blocked on a consumer that stopped reading still aborts through its signal", async () => {
    const controller = new AbortController();
    const running = stream({
      provider: scriptedModel([{ text: words("w", 1000) }]),
      model: "m",
      input: "hi",
      streamHighWaterMark: 16,
      signal: controller.signal,
    });
    const iterator = running[Symbol.asyncIterator]();
    await iterator.next(); // read one, then stall
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    const result = await running.result;
    expect(result.stopReason).toBe("aborted");
    expect(result.text.length).toBeLessThan(words("w", 1000).join("").length);
  });

  it("leaving the for-await early aborts a run that was waiting on the consumer", async () => {
    const running = stream({ provider: scriptedModel([{ text: words("w", 1000) }]), model: "m", input: "hi", streamHighWaterMark: 16 });
    let read = 0;
    for await (const _event of running) {
      if (++read === 3) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        break;
      }
    }
    expect((await running.result).stopReason).toBe("aborted");
  });
});
