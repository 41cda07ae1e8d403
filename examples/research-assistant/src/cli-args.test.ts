import { describe, expect, it } from "vitest";
import { parseCliArgs, UsageError } from "./cli-args.js";

describe("parseCliArgs", () => {
  it("reads the question and the conversation", () => {
    expect(parseCliArgs([])).toEqual({ question: "", conversationId: "default", isNew: false, mcp: [], view: false });
    expect(parseCliArgs(["What", "is", "Titan?"])).toEqual({ question: "What is Titan?", conversationId: "default", isNew: false, mcp: [], view: false });
    expect(parseCliArgs(["--conversation", "trip", "Hi"])).toMatchObject({ question: "Hi", conversationId: "trip" });
    expect(parseCliArgs(["Hi", "--conversation=trip"])).toMatchObject({ question: "Hi", conversationId: "trip" });
    expect(parseCliArgs(["Hi"], { CONVERSATION_ID: "from-env" })).toMatchObject({ conversationId: "from-env" });
    expect(parseCliArgs(["--conversation", "flag"], { CONVERSATION_ID: "from-env" })).toMatchObject({ conversationId: "flag" });
    expect(parseCliArgs(["--", "--new", "is", "a", "word"])).toMatchObject({ question: "--new is a word", isNew: false });
  });

  it("serves the run viewer with --view", () => {
    expect(parseCliArgs(["--view", "What", "is", "Titan?"])).toMatchObject({ question: "What is Titan?", view: true });
    expect(parseCliArgs(["Hi", "--view"])).toMatchObject({ question: "Hi", view: true });
    expect(parseCliArgs(["--", "--view"])).toMatchObject({ question: "--view", view: false });
  });

  it("starts a fresh conversation with --new", () => {
    const first = parseCliArgs(["--new", "Hi"], { CONVERSATION_ID: "from-env" });
    expect(first).toMatchObject({ question: "Hi", isNew: true });
    expect(first.conversationId).toMatch(/^conversation-[0-9a-f]{8}$/);
    expect(parseCliArgs(["--new"]).conversationId).not.toBe(first.conversationId);
  });

  it("refuses what it does not understand", () => {
    expect(() => parseCliArgs(["--conversation"])).toThrow(UsageError);
    expect(() => parseCliArgs(["--conversation", "--new"])).toThrow("--conversation needs an id");
    expect(() => parseCliArgs(["--new", "--conversation", "x"])).toThrow("cannot be used together");
    expect(() => parseCliArgs(["--verbose"])).toThrow("Unknown option --verbose");
  });
});

describe("parseCliArgs --mcp", () => {
  it("reads each --mcp as an MCP server's command line", () => {
    const args = parseCliArgs(["--mcp", "npx -y @modelcontextprotocol/server-filesystem /tmp", "--mcp=node 'my server.mjs'", "Hi"]);
    expect(args.question).toBe("Hi");
    expect(args.mcp.map((spec) => [spec.name, spec.command, spec.args])).toEqual([
      ["filesystem", "npx", ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]],
      ["my_server", "node", ["my server.mjs"]],
    ]);
  });

  it("refuses an --mcp without a command line, or one that cannot be read", () => {
    expect(() => parseCliArgs(["--mcp"])).toThrow("--mcp needs a command line");
    expect(() => parseCliArgs(["--mcp", "node 'x"])).toThrow(UsageError);
  });
});
