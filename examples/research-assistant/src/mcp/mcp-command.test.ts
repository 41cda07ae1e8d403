import { describe, expect, it } from "vitest";
import { McpCommandError, parseMcpCommand, serverNameFrom, splitCommandLine, uniqueNames } from "./mcp-command.js";

describe("splitCommandLine", () => {
  it("splits on whitespace and keeps quoted words together", () => {
    expect(splitCommandLine("npx -y  @modelcontextprotocol/server-filesystem /tmp")).toEqual(["npx", "-y", "@modelcontextprotocol/server-filesystem", "/tmp"]);
    expect(splitCommandLine(`node "my server.mjs" 'a "b" c' --flag="x y" ""`)).toEqual(["node", "my server.mjs", 'a "b" c', "--flag=x y", ""]);
    expect(splitCommandLine(String.raw`a\ b "c \"d\" \n" e\\f`)).toEqual(["a b", String.raw`c "d" \n`, String.raw`e\f`]);
  });

  it("refuses an unterminated quote or a trailing backslash", () => {
    expect(() => splitCommandLine(`node "server.mjs`)).toThrow(McpCommandError);
    expect(() => splitCommandLine("node 'server.mjs")).toThrow("Unterminated '");
    expect(() => splitCommandLine("node \\")).toThrow("Trailing");
  });
});

describe("parseMcpCommand", () => {
  it("names the server after what the command runs", () => {
    expect(serverNameFrom("npx", ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"])).toBe("filesystem");
    expect(serverNameFrom("uvx", ["mcp-server-fetch"])).toBe("fetch");
    expect(serverNameFrom("node", ["./test/fixtures/planets-mcp-server.mjs"])).toBe("planets");
    expect(serverNameFrom("npx", ["-y", "@upstash/context7-mcp@latest"])).toBe("context7");
    expect(serverNameFrom("docker", ["run", "-i", "--rm", "mcp/github"])).toBe("github");
    expect(serverNameFrom("/usr/local/bin/my-tools", [])).toBe("my_tools");
  });

  it("reads a name, variables for the server, the command and its arguments", () => {
    expect(parseMcpCommand(`fs: ROOT="/my notes" DEBUG=1 npx -y @modelcontextprotocol/server-filesystem "/my notes"`)).toEqual({
      name: "fs",
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-filesystem", "/my notes"],
      env: { ROOT: "/my notes", DEBUG: "1" },
      commandLine: `fs: ROOT="/my notes" DEBUG=1 npx -y @modelcontextprotocol/server-filesystem "/my notes"`,
    });
    expect(parseMcpCommand("npx -y @modelcontextprotocol/server-everything")).toMatchObject({ name: "everything", command: "npx", env: {} });
    expect(() => parseMcpCommand("A=1")).toThrow("--mcp needs a command");
    expect(() => parseMcpCommand("1x: node s.mjs")).toThrow("must be a letter");
  });

  it("makes repeated names unique", () => {
    const specs = uniqueNames([parseMcpCommand("node a/notes.mjs"), parseMcpCommand("node b/notes.mjs"), parseMcpCommand("node c/notes.mjs")]);
    expect(specs.map((spec) => spec.name)).toEqual(["notes", "notes_2", "notes_3"]);
  });
});
