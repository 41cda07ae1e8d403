import { afterEach, describe, expect, it } from "vitest";
import { listProviderFixtures, loadProviderFixture, loadProviderJson } from "./provider-fixtures.js";
import { startProviderServer, type ProviderServer } from "./provider-server.js";

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("provider fixtures", () => {
  it("lists and loads the recorded streams of each protocol", () => {
    expect(listProviderFixtures("anthropic")).toContain("anthropic-text");
    expect(listProviderFixtures("openai-chat")).toEqual(expect.arrayContaining(["openai-text", "deepseek-reasoning", "groq-tool-call"]));
    const lines = loadProviderFixture("anthropic", "anthropic-text");
    expect(JSON.parse(lines[0]!)).toMatchObject({ type: "message_start" });
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ type: "message_stop" });
    expect(loadProviderJson("google", "google-429-retry-info.json")).toMatchObject({ error: { code: 429 } });
  });
});

describe("startProviderServer", () => {
  it("replays a stream with the protocol's framing and records the request", async () => {
    server = await startProviderServer();
    server.enqueue({
      kind: "stream",
      protocol: "anthropic",
      chunks: ['{"type":"message_start"}', '{"type":"message_stop"}'],
      headers: { "request-id": "req_1" },
    });
    server.enqueue({ kind: "stream", protocol: "openai-chat", chunks: ['{"a":1}'] });
    server.enqueue({ kind: "stream", protocol: "google", chunks: ['{"b":2}'] });
    const a = await fetch(`${server.url}/v1/messages?beta=true`, { method: "POST", body: JSON.stringify({ model: "m" }) });
    expect(a.headers.get("request-id")).toBe("req_1");
    expect(await a.text()).toBe('event: message_start\ndata: {"type":"message_start"}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n\n');
    expect(await (await fetch(`${server.url}/v1/chat/completions`, { method: "POST" })).text()).toBe('data: {"a":1}\n\ndata: [DONE]\n\n');
    expect(await (await fetch(`${server.url}/v1beta/models/x:streamGenerateContent?alt=sse`, { method: "POST" })).text()).toBe('data: {"b":2}\r\n\r\n');
    expect(server.requests.map((r) => [r.method, r.path])).toEqual([
      ["POST", "/v1/messages"],
      ["POST", "/v1/chat/completions"],
      ["POST", "/v1beta/models/x:streamGenerateContent"],
    ]);
    expect(server.requests[0]).toMatchObject({ query: { beta: "true" }, body: { model: "m" } });
  });

  it("answers scripted errors, cuts streams, and says when nothing is scripted", async () => {
    server = await startProviderServer();
    server.enqueue({ kind: "json", status: 429, body: { error: { message: "slow down" } }, headers: { "retry-after": "1" } });
    server.enqueue({ kind: "stream", protocol: "openai-chat", chunks: ['{"a":1}', '{"a":2}'], cutAfter: 1 });
    const limited = await fetch(`${server.url}/v1/chat/completions`, { method: "POST" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("1");
    expect(await limited.json()).toEqual({ error: { message: "slow down" } });
    const cut = await fetch(`${server.url}/v1/chat/completions`, { method: "POST" });
    await expect(cut.text()).rejects.toThrow();
    const nothing = await fetch(`${server.url}/v1/chat/completions`, { method: "POST" });
    expect(nothing.status).toBe(500);
    expect(await nothing.json()).toMatchObject({ error: { message: expect.stringContaining("no scripted answer") } });
    expect(server.pending).toBe(0);
  });
});
