import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { RunSessions, createAgent, defineTool, type StreamEvent } from "./index.js";
import { sendSse } from "./node.js";
import { streamRunEvents } from "./client.js";
import { scriptedModel } from "@baton/testing";

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe("streaming an agent over HTTP with the umbrella (the README's snippet)", () => {
  it("serves a createAgent run as Server-Sent Events and reads it back with @baton/sdk/client", async () => {
    const weather = defineTool({
      name: "weather",
      description: "Current weather for a city.",
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      execute: async ({ city }: { city: string }) => ({ city, celsius: 21 }),
    });
    const provider = scriptedModel([{ toolCalls: [{ name: "weather", arguments: { city: "Paris" } }] }, { text: ["It is ", "21 °C."] }]);
    const agent = createAgent({ provider, model: "test-model", tools: [weather] });
    const inProcess: StreamEvent[] = [];

    const sessions = new RunSessions();
    server = createServer((req, res) => {
      const id = new URL(req.url!, "http://x").searchParams.get("run");
      const session =
        (id && sessions.get(id)) ||
        sessions.create({ start: ({ signal, sink }) => agent.run("Hi!", { signal, sinks: [sink], onEvent: (e) => inProcess.push(e) }) });
      void sendSse(req, res, session);
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;

    const received: StreamEvent[] = [];
    for await (const event of streamRunEvents(`http://127.0.0.1:${port}/`)) received.push(event);
    expect(received).toEqual(inProcess);
    expect(received.map((e) => e.seq)).toEqual(received.map((_, i) => i + 1));
    expect(received.filter((e) => e.type === "tool-done")).toMatchObject([{ toolName: "weather", result: { city: "Paris", celsius: 21 } }]);
    expect(received.flatMap((e) => (e.type === "text-delta" ? [e.text] : [])).join("")).toBe("It is 21 °C.");
    expect(received.at(-1)).toMatchObject({ type: "run-end", stopReason: "completed", agentPath: "main" });
  });
});
