import { describe, expect, it } from "vitest";
import { expectUnknownOptionRejected, optionsError } from "@baton/testing";
import { batonToolName, connectMcpServer } from "../../src/index.js";

const ACCEPTED = ["stdio", "http", "name", "prefix", "allow", "deny", "initializeTimeoutMs", "callTimeoutMs", "clientInfo"];

describe("connectMcpServer options", () => {
  it("rejects unknown options, also inside stdio and http", async () => {
    await expectUnknownOptionRejected("connectMcpServer", "command", ACCEPTED, () => connectMcpServer({ command: "x" } as never));
    await expectUnknownOptionRejected("connectMcpServer: stdio", "argv", ["command", "args", "env", "cwd", "stderr"], () =>
      connectMcpServer({ stdio: { command: "x", argv: [] } } as never),
    );
    await expectUnknownOptionRejected("connectMcpServer: http", "header", ["url", "headers", "transport"], () =>
      connectMcpServer({ http: { url: "http://127.0.0.1/mcp", header: {} } } as never),
    );
  });

  it("wants exactly one of stdio and http, a valid URL and a positive timeout", async () => {
    expect((await optionsError(() => connectMcpServer({}))).message).toBe('connectMcpServer(): give exactly one of the options "stdio" or "http".');
    expect((await optionsError(() => connectMcpServer({ stdio: { command: "x" }, http: { url: "http://127.0.0.1" } }))).message).toContain("exactly one");
    expect((await optionsError(() => connectMcpServer({ http: { url: "not a url" } }))).message).toBe(
      'connectMcpServer(): option "http.url" is not a valid URL: "not a url".',
    );
    expect((await optionsError(() => connectMcpServer({ stdio: { command: "x" }, initializeTimeoutMs: 0 }))).message).toContain(
      'option "initializeTimeoutMs" must be a positive integer',
    );
  });

  it("starts nothing when made", () => {
    const connection = connectMcpServer({ stdio: { command: "/nonexistent/never-started" } });
    expect(connection.connected).toBe(false);
    expect(connection.pid).toBeUndefined();
    expect(connection.name).toBe("/nonexistent/never-started");
  });
});

describe("batonToolName", () => {
  it("puts the prefix first and replaces what providers reject by _", () => {
    expect(batonToolName("gh_", "search")).toBe("gh_search");
    expect(batonToolName("", "files/read.text")).toBe("files_read_text");
  });
});
