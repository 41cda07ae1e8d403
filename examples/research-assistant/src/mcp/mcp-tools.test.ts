import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import type { McpServerConnection } from "@baton/mcp";
import type { ModelRequest, ToolResultPart } from "@baton/sdk";
import { scriptedModel, type ScriptedTurnObject } from "@baton/testing";
import { createResearchAssistant } from "../agent.js";
import { ask } from "../ask.js";
import { parseCliArgs } from "../cli-args.js";
import { lastUserText, toolResultsSinceQuestion } from "../scripted/conversation.js";
import { closeMcpServers, openMcpServers } from "./mcp-servers.js";

/** A real MCP server over stdio (the SDK's McpServer) with one tool, `moon_count`. */
const FIXTURE = fileURLToPath(new URL("../../test/fixtures/planets-mcp-server.mjs", import.meta.url));
const QUESTION = "How many known moons does Saturn have?";

/**
 * A scripted model that plays the model's part with an MCP tool: it asks `planets_moon_count`
 * for the planet in the question when the tool is offered, then answers with the result it got.
 */
function mcpCallingModel() {
  const turn = (request: ModelRequest): ScriptedTurnObject => {
    const results = toolResultsSinceQuestion(request.messages);
    if (results.length === 0 && request.tools?.some((tool) => tool.name === "planets_moon_count")) {
      const planet = /does (\w+) have/.exec(lastUserText(request.messages))?.[1] ?? "Saturn";
      return { toolCalls: [{ name: "planets_moon_count", arguments: { planet } }] };
    }
    const last: ToolResultPart | undefined = results.at(-1);
    return { text: last === undefined ? "No MCP tool was offered." : `The planets server says: ${String(last.result)}` };
  };
  const model = scriptedModel([turn], { id: "scripted-mcp", repeatLast: true });
  return { provider: model, model: "scripted-mcp", notice: "A scripted model that calls the MCP tool.", scripted: model };
}

/** Until `pid` is gone (the server process was stopped), at most `ms`. */
async function processGone(pid: number, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

let opened: McpServerConnection[] = [];
afterEach(async () => {
  await closeMcpServers(opened);
  opened = [];
});

describe("--mcp: tools from an MCP server", () => {
  it("offers the server's tools, calls one with its progress, gives the model its result, and stops the server at the end", async () => {
    // As main.ts does: the command line, the (lazy) connections, the assistant, ask, close.
    const args = parseCliArgs(["--mcp", `node "${FIXTURE}"`, QUESTION]);
    expect(args.mcp.map((spec) => spec.name)).toEqual(["planets"]);
    const mcpServers = (opened = openMcpServers(args.mcp));
    expect(mcpServers[0]!.connected).toBe(false); // nothing starts before ask()
    const model = mcpCallingModel();
    const assistant = createResearchAssistant({ model, mcpServers });
    let output = "";
    const result = await ask(args.question, {
      write: (text) => (output += text),
      assistant,
      mcpServers,
      mcpCommandLines: Object.fromEntries(args.mcp.map((spec) => [spec.name, spec.commandLine])),
    });

    // Offered, next to the assistant's own tools, under the server's prefix.
    const offered = model.scripted.requests[0]!.tools?.map((tool) => tool.name);
    expect(offered).toEqual(["search_notes", "read_note", "calculator", "planets_moon_count"]);
    // Called, through the server process.
    expect(result.stopReason).toBe("completed");
    expect(result.toolCalls.map((call) => [call.toolName, call.arguments, call.status])).toEqual([["planets_moon_count", { planet: "Saturn" }, "ok"]]);
    expect(result.toolCalls[0]!.result).toBe("Saturn has 146 known moons (planets MCP server).");
    // Its result reached the model, in the next request.
    const second = model.scripted.requests[1]!;
    const toolResult = second.messages.flatMap((message) => (message.role === "tool" ? [...message.content] : []));
    expect(toolResult).toMatchObject([{ toolName: "planets_moon_count", result: "Saturn has 146 known moons (planets MCP server)." }]);
    expect(toolResult[0]).not.toHaveProperty("isError", true);
    expect(result.text).toBe("The planets server says: Saturn has 146 known moons (planets MCP server).");

    // The progress output says what was added, and shows the call with its progress.
    expect(output).toContain(`+ MCP server "planets" (node "${FIXTURE}"): 1 tool added: planets_moon_count`);
    expect(output).toContain('→ planets_moon_count (MCP planets) {"planet":"Saturn"}');
    expect(output).toContain("  · planets_moon_count: looking up Saturn");
    expect(output).toContain("  · planets_moon_count: found Saturn");
    expect(output).toMatch(/✓ planets_moon_count \(\d+ ms\) Saturn has 146 known moons/);
    expect(output.indexOf("+ MCP server")).toBeLessThan(output.indexOf("· model turn 1"));

    // Closed afterwards: the session ends and the server process is gone.
    const connection = mcpServers[0]!;
    const pid = connection.pid;
    expect(pid).toBeTypeOf("number");
    await closeMcpServers(mcpServers);
    expect(connection.connected).toBe(false);
    expect(await processGone(pid!)).toBe(true);
  });

  it("runs without the tools of a server that does not start, and says why", async () => {
    const args = parseCliArgs(["--mcp", "broken: node -e 'process.exit(3)'", QUESTION]);
    const mcpServers = (opened = openMcpServers(args.mcp, { stderr: "ignore" }));
    const model = mcpCallingModel();
    let output = "";
    const result = await ask(args.question, { write: (text) => (output += text), assistant: createResearchAssistant({ model, mcpServers }), mcpServers });
    expect(output).toMatch(/✗ MCP server "broken": no tools, /);
    expect(model.scripted.requests[0]!.tools?.map((tool) => tool.name)).toEqual(["search_notes", "read_note", "calculator"]);
    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("No MCP tool was offered.");
  });

  it("stops waiting for the servers when the run is aborted (Ctrl-C), and the run ends as aborted", async () => {
    const args = parseCliArgs(["--mcp", `node "${FIXTURE}"`, QUESTION]);
    const mcpServers = (opened = openMcpServers(args.mcp));
    const controller = new AbortController();
    controller.abort();
    let output = "";
    const result = await ask(args.question, {
      write: (text) => (output += text),
      assistant: createResearchAssistant({ model: mcpCallingModel(), mcpServers }),
      mcpServers,
      signal: controller.signal,
    });
    expect(result.stopReason).toBe("aborted");
    expect(output).toContain('✗ MCP server "planets": no tools, aborted before the server was ready');
    await closeMcpServers(mcpServers);
    expect(mcpServers[0]!.connected).toBe(false);
    expect(mcpServers[0]!.pid).toBeUndefined(); // never started
  });

  it("stops waiting for a server that hangs in its start when Ctrl-C comes", async () => {
    // A process that never answers `initialize`; @baton/mcp gives up on it after 3 s and stops it.
    const args = parseCliArgs(["--mcp", `hangs: node -e "setInterval(() => {}, 1000)"`, QUESTION]);
    const mcpServers = (opened = openMcpServers(args.mcp, { initializeTimeoutMs: 30_000 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    let output = "";
    const result = await ask(args.question, {
      write: (text) => (output += text),
      assistant: createResearchAssistant({ model: mcpCallingModel(), mcpServers }),
      mcpServers,
      signal: controller.signal,
    });
    expect(result.stopReason).toBe("aborted");
    // Far below the 30 s it would have waited for the server, with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(output).toContain('✗ MCP server "hangs": no tools, aborted before the server was ready');
    // close() waits for the start to end (here the 3 s initialize timeout, which stops the process).
    expect(await closeMcpServers(mcpServers, 6000)).toBe(true);
  }, 15_000);
});
