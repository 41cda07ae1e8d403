// Per-call overhead of an MCP tool over a local stdio server against the same tool
// called in process (issue 16; target: < 1 ms added on loopback).
//
//   node bench/mcp.mjs [rounds=5] [callsPerRound=1000]
//
// The server is this file run as a child process (`node bench/mcp.mjs --server`): the
// SDK's McpServer with one tool, `echo`, which returns its text. The in-process tool is
// a Baton tool doing the same. Measured, after a warm-up:
//   1. `tool.execute(args, ctx)` one call at a time, timed per call (median and p95 over
//      every call of every round), in process, through @baton/mcp, and with the SDK's
//      own `client.callTool()` on the same session (what the transport alone costs);
//   2. `tool.execute()` with 10 calls in flight: time per call (rounds' median);
//   3. a real loop `run()` whose instant scripted model asks for N echo calls per turn
//      (N = 1 and 10), 20 turns per run: time per tool call (rounds' median).
// Prints a table, then the figures as JSON on the last line.
import { fileURLToPath } from "node:url";
import { run } from "@baton/loop";
import { scriptedModel, testToolContext } from "@baton/testing";
import { median } from "./instant-agent.mjs";

if (process.argv[2] === "--server") {
  const { McpServer } = await import("@modelcontextprotocol/sdk/server/mcp.js");
  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const { z } = await import("zod");
  const server = new McpServer({ name: "bench-echo", version: "1.0.0" });
  server.registerTool("echo", { description: "Returns its text.", inputSchema: { text: z.string() } }, ({ text }) => ({ content: [{ type: "text", text }] }));
  await server.connect(new StdioServerTransport());
} else {
  await main();
}

async function main() {
  const { connectMcpServer } = await import("@baton/mcp");
  const rounds = Number(process.argv[2] ?? 5);
  const callsPerRound = Number(process.argv[3] ?? 1000);
  const args = { text: "hello" };

  /** The same echo, as a Baton tool called in process. */
  const localEcho = {
    name: "echo",
    description: "Returns its text.",
    parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    execute: ({ text }) => text,
  };
  const connection = connectMcpServer({ name: "bench", stdio: { command: process.execPath, args: [fileURLToPath(import.meta.url), "--server"] } });
  const started = performance.now();
  const [mcpEcho] = await connection.tools();
  const startMs = performance.now() - started;
  if (mcpEcho?.name !== "echo") throw new Error("the server did not list echo");
  const client = await connection.client();
  const ctx = testToolContext({ toolName: "echo" });
  const sdkEcho = { execute: ({ text }, context) => client.callTool({ name: "echo", arguments: { text } }, undefined, { signal: context.signal }) };

  try {
    // Check the answers once, then warm up the JIT and the pipes.
    if ((await localEcho.execute(args, ctx)) !== "hello" || (await mcpEcho.execute(args, ctx)) !== "hello") throw new Error("echo did not echo");
    // Every call gets its own context and abort signal, as in a run (the SDK leaves a listener on each signal it is given).
    const fresh = () => testToolContext({ toolName: "echo" });
    for (const tool of [localEcho, mcpEcho, sdkEcho]) for (let i = 0; i < 500; i++) await tool.execute(args, fresh());

    // 1. One call at a time, each timed.
    const sequential = {};
    for (const [name, tool] of [
      ["in process", localEcho],
      ["MCP (@baton/mcp)", mcpEcho],
      ["MCP (SDK callTool)", sdkEcho],
    ]) {
      const times = [];
      for (let round = 0; round < rounds; round++) {
        for (let i = 0; i < callsPerRound; i++) {
          const context = fresh();
          const start = performance.now();
          await tool.execute(args, context);
          times.push((performance.now() - start) * 1000);
        }
      }
      sequential[name] = { medianUs: median(times), p95Us: percentile(times, 0.95) };
    }

    // 2. Ten calls in flight at a time.
    const concurrent = {};
    for (const [name, tool] of [
      ["in process", localEcho],
      ["MCP (@baton/mcp)", mcpEcho],
    ]) {
      const perCall = [];
      for (let round = 0; round < rounds; round++) {
        const start = performance.now();
        for (let i = 0; i < callsPerRound / 10; i++) await Promise.all(Array.from({ length: 10 }, () => tool.execute(args, fresh())));
        perCall.push(((performance.now() - start) * 1000) / callsPerRound);
      }
      concurrent[name] = median(perCall);
    }

    // 3. Through the loop: an instant scripted model asking for `calls` echoes per turn.
    const usage = { inputTokens: 10, outputTokens: 2, cachedInputTokens: 0, reasoningTokens: 0 };
    const turns = 20;
    const loop = {};
    for (const calls of [1, 10]) {
      const provider = scriptedModel([{ toolCalls: Array.from({ length: calls }, () => ({ name: "echo", arguments: args })), usage }], {
        repeatLast: true,
        recordRequests: false,
      });
      const oneRun = async (tool) => {
        const result = await run({ provider, model: "instant", input: "go", tools: [tool], maxIterations: turns, toolCallLimit: 1e9 });
        if (result.toolCalls.length !== turns * calls || result.toolCalls.some((call) => call.status !== "ok" || call.result !== "hello"))
          throw new Error(`unexpected run: ${result.stopReason}`);
      };
      for (const tool of [localEcho, mcpEcho]) for (let i = 0; i < 3; i++) await oneRun(tool);
      const runsPerRound = Math.max(1, Math.round(callsPerRound / (turns * calls)));
      for (const [name, tool] of [
        ["in process", localEcho],
        ["MCP (@baton/mcp)", mcpEcho],
      ]) {
        const perCall = [];
        for (let round = 0; round < rounds; round++) {
          const start = performance.now();
          for (let i = 0; i < runsPerRound; i++) await oneRun(tool);
          perCall.push(((performance.now() - start) * 1000) / (runsPerRound * turns * calls));
        }
        loop[`${calls} per turn, ${name}`] = median(perCall);
      }
    }

    const us = (value) => value.toFixed(1);
    const local = sequential["in process"];
    console.log(
      `MCP echo over stdio vs in process: ${rounds} rounds × ${callsPerRound} calls; the server started and listed its tools in ${startMs.toFixed(0)} ms\n`,
    );
    console.log("| how | median µs/call | p95 µs/call | added (median) |");
    console.log("| --- | --- | --- | --- |");
    for (const [name, figures] of Object.entries(sequential)) {
      console.log(
        `| execute(), one at a time, ${name} | ${us(figures.medianUs)} | ${us(figures.p95Us)} | ${name === "in process" ? "" : `+${us(figures.medianUs - local.medianUs)} µs`} |`,
      );
    }
    for (const [name, perCall] of Object.entries(concurrent)) {
      console.log(`| execute(), 10 in flight, ${name} | ${us(perCall)} | | ${name === "in process" ? "" : `+${us(perCall - concurrent["in process"])} µs`} |`);
    }
    for (const [name, perCall] of Object.entries(loop)) {
      const base = loop[name.replace("MCP (@baton/mcp)", "in process")];
      console.log(`| loop run(), ${name} | ${us(perCall)} | | ${name.endsWith("in process") ? "" : `+${us(perCall - base)} µs`} |`);
    }
    console.log(
      JSON.stringify({ rounds, callsPerRound, serverStartMs: Math.round(startMs), sequential, concurrentUsPerCall: concurrent, loopUsPerCall: loop }),
    );
  } finally {
    const pid = connection.pid;
    await connection.close();
    if (pid !== undefined && alive(pid)) throw new Error(`the server process ${pid} is still running`);
  }
}

/** The value below which `fraction` of `values` lie. */
function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
