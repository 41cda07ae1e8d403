import { afterEach, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import type { RunResult, Tool } from "@baton/core";
import { run } from "@baton/loop";
import { expectUnknownOptionRejected, scriptedModel, sleepTool, waitFor, type ScriptedTurn } from "@baton/testing";
import { createAgentMcpServer, serveAgentOverMcp, type McpServableAgent } from "../src/index.js";
import { startStreamableHttpServer } from "./support/http-mcp-server.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A Baton agent over the real loop with a scripted model; it keeps each run's result. */
function scriptedAgent(
  turns: readonly ScriptedTurn[],
  tools: readonly Tool[] = [],
): McpServableAgent & { readonly results: RunResult[]; readonly inputs: string[] } {
  const results: RunResult[] = [];
  const inputs: string[] = [];
  const provider = scriptedModel(turns);
  return {
    results,
    inputs,
    run: async (input, options) => {
      inputs.push(input);
      const result = await run({ provider, model: "scripted", input, tools, signal: options.signal, sinks: options.sinks });
      results.push(result);
      return result;
    },
  };
}

async function httpClient(url: string): Promise<Client> {
  const client = new Client({ name: "sdk-client", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  cleanups.push(() => client.close());
  return client;
}

describe("a Baton agent served over MCP, called by the SDK's own client", () => {
  it("lists the agent as a tool and answers over Streamable HTTP, streaming its progress", async () => {
    const agent = scriptedAgent([{ toolCalls: [{ name: "sleep" }] }, "Paris is the capital of France."], [sleepTool(5)]);
    const server = await startStreamableHttpServer(() => createAgentMcpServer(agent, { toolName: "research", description: "Researches a question." }));
    cleanups.push(() => server.close());
    const client = await httpClient(server.url);

    const { tools } = await client.listTools();
    expect(tools).toEqual([
      expect.objectContaining({
        name: "research",
        description: "Researches a question.",
        inputSchema: expect.objectContaining({ type: "object", required: ["message"] }),
      }),
    ]);

    const progress: Progress[] = [];
    const result = await client.callTool({ name: "research", arguments: { message: "What is the capital of France?" } }, undefined, {
      onprogress: (p) => void progress.push(p),
    });
    expect(agent.inputs).toEqual(["What is the capital of France?"]);
    expect(result.isError).toBeUndefined();
    expect(result.content).toEqual([{ type: "text", text: "Paris is the capital of France." }]);
    expect(result.structuredContent).toEqual({ text: "Paris is the capital of France.", stopReason: "completed" });
    expect(progress.map((p) => p.message)).toEqual(["Step 1", "Calling sleep", "sleep done", "Step 2"]);
    expect(progress.map((p) => p.progress)).toEqual([1, 2, 3, 4]);
  });

  it("aborts the run when the client cancels the call", async () => {
    const agent = scriptedAgent([{ toolCalls: [{ name: "sleep" }] }, "never"], [sleepTool(60_000)]);
    const server = await startStreamableHttpServer(() => createAgentMcpServer(agent));
    cleanups.push(() => server.close());
    const client = await httpClient(server.url);
    const controller = new AbortController();
    const call = client.callTool({ name: "ask_agent", arguments: { message: "sleep" } }, undefined, {
      signal: controller.signal,
      onprogress: (p) => {
        if (p.message === "Calling sleep") controller.abort(new Error("user pressed stop"));
      },
    });
    await expect(call).rejects.toThrow("user pressed stop");
    await waitFor("the run to end", () => agent.results.length === 1);
    expect(agent.results[0]!.stopReason).toBe("aborted");
    expect(agent.results[0]!.toolCalls[0]).toMatchObject({ toolName: "sleep", status: "aborted" });
  });

  it("serveAgentOverMcp connects to the given transport; a failed run is an error result; no progress without a token", async () => {
    const agent = scriptedAgent([{ error: "the provider is down" }]);
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const served = await serveAgentOverMcp(agent, { transport: serverTransport, serverInfo: { name: "my-agent", version: "2.0.0" } });
    cleanups.push(() => served.close());
    const client = new Client({ name: "sdk-client", version: "1.0.0" });
    await client.connect(clientTransport);
    cleanups.push(() => client.close());
    expect(client.getServerVersion()).toMatchObject({ name: "my-agent", version: "2.0.0" });

    const result = await client.callTool({ name: "ask_agent", arguments: { message: "hello" } });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: "text", text: expect.stringContaining("the provider is down") }]);
    expect(result.structuredContent).toMatchObject({ stopReason: "error", error: { code: expect.any(String) } });

    const empty = await client.callTool({ name: "ask_agent", arguments: { message: " " } });
    expect(empty).toMatchObject({ isError: true, content: [{ type: "text", text: 'The argument "message" must be a non-empty string.' }] });
    await expect(client.callTool({ name: "other", arguments: {} })).rejects.toThrow("Unknown tool: other");
  });

  it("serves the agent's tools as MCP tools of their own: progress, streaming, validation, errors, cancellation", async () => {
    const seenSignals: AbortSignal[] = [];
    const lookup: Tool = {
      name: "lookup",
      description: "Looks a word up.",
      parameters: { type: "object", properties: { word: { type: "string" } }, required: ["word"] },
      validate: (args) =>
        typeof (args as { word?: unknown }).word === "string" ? { success: true, value: args } : { success: false, issues: ["word: expected a string"] },
      execute: async (args: { word: string }, ctx) => {
        await ctx.progress(`looking up ${args.word}`);
        return { word: args.word, meaning: "a greeting" };
      },
    };
    const stream: Tool = {
      name: "stream",
      description: "Streams two chunks.",
      parameters: { type: "object", properties: {} },
      execute: async function* () {
        yield "first";
        yield { n: 2 };
        return "streamed";
      },
    };
    const broken: Tool = {
      name: "broken",
      description: "Throws.",
      parameters: { type: "object", properties: {} },
      execute: () => {
        throw new Error("out of order");
      },
    };
    const waiting: Tool = {
      name: "waiting",
      description: "Waits until cancelled.",
      parameters: { type: "object", properties: {} },
      execute: (_args, ctx) => {
        seenSignals.push(ctx.signal);
        return new Promise((resolve) => ctx.signal.addEventListener("abort", () => resolve("stopped"), { once: true }));
      },
    };
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const served = await serveAgentOverMcp(scriptedAgent([]), { transport: serverTransport, tools: [lookup, stream, broken, waiting] });
    cleanups.push(() => served.close());
    const client = new Client({ name: "sdk-client", version: "1.0.0" });
    await client.connect(clientTransport);
    cleanups.push(() => client.close());

    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["ask_agent", "lookup", "stream", "broken", "waiting"]);
    const progress: string[] = [];
    const onprogress = (p: Progress): void => void progress.push(p.message ?? "");
    expect(await client.callTool({ name: "lookup", arguments: { word: "hello" } }, undefined, { onprogress })).toEqual({
      content: [{ type: "text", text: '{"word":"hello","meaning":"a greeting"}' }],
      structuredContent: { word: "hello", meaning: "a greeting" },
    });
    expect(await client.callTool({ name: "stream", arguments: {} }, undefined, { onprogress })).toEqual({ content: [{ type: "text", text: "streamed" }] });
    expect(progress).toEqual(["looking up hello", "first", '{"n":2}']);
    expect(await client.callTool({ name: "lookup", arguments: { word: 1 } })).toEqual({
      content: [{ type: "text", text: 'Invalid arguments for "lookup": word: expected a string' }],
      isError: true,
    });
    expect(await client.callTool({ name: "broken", arguments: {} })).toEqual({ content: [{ type: "text", text: "out of order" }], isError: true });

    const controller = new AbortController();
    const call = client.callTool({ name: "waiting", arguments: {} }, undefined, { signal: controller.signal });
    await waitFor("the tool to start", () => seenSignals.length === 1);
    controller.abort(new Error("enough"));
    await expect(call).rejects.toThrow("enough");
    await waitFor("the tool's signal to abort", () => seenSignals[0]!.aborted);
  });

  it("refuses a served tool named like the agent's tool", () => {
    const clash: Tool = { name: "ask_agent", description: "x", parameters: { type: "object" }, execute: () => "x" };
    expect(() => createAgentMcpServer(scriptedAgent([]), { tools: [clash] })).toThrow('a tool in "tools" is named "ask_agent"');
  });

  it("rejects unknown options", async () => {
    const agent = scriptedAgent([]);
    await expectUnknownOptionRejected("createAgentMcpServer", "tool", ["toolName", "description", "serverInfo", "progressMessage", "tools"], () =>
      createAgentMcpServer(agent, { tool: "x" } as never),
    );
    const [, serverTransport] = InMemoryTransport.createLinkedPair();
    await expectUnknownOptionRejected("serveAgentOverMcp", "name", ["toolName", "description", "serverInfo", "progressMessage", "tools", "transport"], () =>
      serveAgentOverMcp(agent, { transport: serverTransport, name: "x" } as never),
    );
  });
});
