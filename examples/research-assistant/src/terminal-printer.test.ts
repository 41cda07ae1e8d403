import { describe, expect, it } from "vitest";
import type { StreamEvent, UnstampedEvent } from "@baton/sdk";
import { createTerminalPrinter } from "./terminal-printer.js";

const base = { runId: "r", agentPath: "main", timestamp: 0 };
let seq = 0;
const stamp = (event: UnstampedEvent): StreamEvent => ({ ...base, seq: ++seq, ...event }) as StreamEvent;
const usage = { inputTokens: 120, outputTokens: 30, cachedInputTokens: 0, reasoningTokens: 0, calls: 2, costComplete: false, tools: [] };

function printed(events: UnstampedEvent[], color = false): string {
  let output = "";
  const printer = createTerminalPrinter({ write: (text) => (output += text), color });
  for (const event of events) printer.print(stamp(event));
  return output;
}

describe("createTerminalPrinter", () => {
  it("prints tool starts, progress, failures, streamed text and the footer", () => {
    const output = printed([
      { type: "step-start", iteration: 1, model: "m", toolsSent: true },
      { type: "tool-start", toolCallId: "c1", toolName: "calculator", arguments: { expression: "1 / 0" } },
      { type: "tool-progress", toolCallId: "c1", toolName: "calculator", message: "evaluating 1 / 0" },
      {
        type: "tool-error",
        toolCallId: "c1",
        toolName: "calculator",
        status: "error",
        durationMs: 2,
        error: { name: "ToolExecutionError", code: "TOOL_EXECUTION_FAILED", message: "Division by zero", retryable: false },
      },
      { type: "step-start", iteration: 2, model: "m", toolsSent: true },
      { type: "text-delta", text: "Cannot " },
      { type: "text-delta", text: "divide." },
      { type: "run-end", stopReason: "completed", text: "Cannot divide.", iterations: 2, toolCallCount: 1, usage },
    ]);
    expect(output.split("\n")).toEqual([
      "· model turn 1",
      '→ calculator {"expression":"1 / 0"}',
      "  · calculator: evaluating 1 / 0",
      "✗ calculator (2 ms, error) Division by zero",
      "· model turn 2",
      "",
      "Assistant: Cannot divide.",
      "",
      "─".repeat(60),
      "2 iterations · 1 tool call · stop reason: completed",
      "Tokens: 120 input / 30 output / 150 total",
      "",
    ]);
  });

  it("previews long results and uses ANSI colours only when asked", () => {
    const done: UnstampedEvent = { type: "tool-done", toolCallId: "c", toolName: "search", result: { text: "x".repeat(300) }, durationMs: 1500 };
    const plain = printed([done]);
    expect(plain).toMatch(/^✓ search \(1\.5 s\) \{"text":"x+…\n$/);
    expect(plain.length).toBeLessThan(130);
    expect(plain).not.toContain("\x1b[");
    expect(printed([done], true)).toContain("\x1b[32m✓\x1b[0m");
  });

  it("prints what MCP servers added, marks their tools' calls, and shows a changed tool list", () => {
    let output = "";
    const mcpTool = { name: "fs_read_text_file", mcp: { server: "fs" } };
    const printer = createTerminalPrinter({
      write: (text) => (output += text),
      tools: { get: (name) => (name === mcpTool.name ? (mcpTool as never) : undefined) },
    });
    printer.mcpServer(
      { server: "fs", added: ["fs_read_text_file", "fs_list_directory"], leftOut: [{ name: "tree", reason: "a recursive $ref" }] },
      "npx -y @modelcontextprotocol/server-filesystem .",
    );
    printer.mcpServer({ server: "broken", added: [], leftOut: [], error: "the process exited" });
    printer.print(stamp({ type: "tool-start", toolCallId: "c1", toolName: "fs_read_text_file", arguments: { path: "a.md" } }));
    printer.print(stamp({ type: "tool-start", toolCallId: "c2", toolName: "calculator", arguments: { expression: "1" } }));
    printer.mcpToolsChanged("fs", ["fs_read_text_file"]);
    expect(output).toBe(
      [
        '+ MCP server "fs" (npx -y @modelcontextprotocol/server-filesystem .): 2 tools added: fs_read_text_file, fs_list_directory',
        "  · left out tree: a recursive $ref",
        '✗ MCP server "broken": no tools, the process exited',
        '→ fs_read_text_file (MCP fs) {"path":"a.md"}',
        '→ calculator {"expression":"1"}',
        '· MCP server "fs" changed its tools: fs_read_text_file',
        "",
      ].join("\n"),
    );
  });
});
