import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { postRun, waitForRunEnd } from "./support/run-api.js";
import { useChatServer } from "./support/test-server.js";

interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One request with exactly these headers (fetch cannot set `Host`). */
function rawRequest(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    // No `host` in `headers`: none is sent (Node's default Host is turned off).
    const req = request({ host: "127.0.0.1", port, method, path, setHost: false, headers: { connection: "close", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

const errorCode = (answer: RawAnswer): unknown => (JSON.parse(answer.body) as { error: { code: string } }).error.code;
const JSON_POST = { "content-type": "application/json" };
const MESSAGE = JSON.stringify({ message: "How far is the Sun?" });

const server = useChatServer({ speed: 0 });
const namedServer = useChatServer({ speed: 0, allowedHosts: ["chat.test"] });
/** Runs take about 3 s here, so two can overlap. */
const cappedServer = useChatServer({ speed: 1, maxConcurrentRuns: 1 });

describe("the Host and Origin allow-list (DNS rebinding)", () => {
  it("answers localhost:<port> and 127.0.0.1:<port> and refuses any other Host with 403 FORBIDDEN_HOST", async () => {
    const { port } = server();
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `LOCALHOST:${port}`]) {
      expect((await rawRequest(port, "GET", "/", { host })).status).toBe(200);
    }
    for (const host of [`evil.example:${port}`, "evil.example", `localhost:${port + 1}`, "localhost"]) {
      const answer = await rawRequest(port, "GET", "/", { host });
      expect(answer.status, host).toBe(403);
      expect(errorCode(answer)).toBe("FORBIDDEN_HOST");
    }
    expect((await rawRequest(port, "GET", "/", {})).status).toBe(400); // no Host at all: Node's own 400
    // the API and the event streams too, before anything else is looked at
    const sessionsBefore = server().sessions.size;
    const post = await rawRequest(port, "POST", "/api/runs", { host: `rebound.example:${port}`, ...JSON_POST }, MESSAGE);
    expect(post.status).toBe(403);
    expect(errorCode(post)).toBe("FORBIDDEN_HOST");
    expect(server().sessions.size).toBe(sessionsBefore);
    const events = await rawRequest(port, "GET", "/api/runs/some-run/events", { host: `rebound.example:${port}` });
    expect(events.status).toBe(403);
  });

  it("refuses a POST with a foreign Origin with 403 FORBIDDEN_ORIGIN, and accepts its own origin or none", async () => {
    const { port } = server();
    const sessionsBefore = server().sessions.size;
    for (const origin of ["http://evil.example", `http://evil.example:${port}`, "null", `https://localhost:${port}`]) {
      const answer = await rawRequest(port, "POST", "/api/runs", { host: `localhost:${port}`, origin, ...JSON_POST }, MESSAGE);
      expect(answer.status, origin).toBe(403);
      expect(errorCode(answer)).toBe("FORBIDDEN_ORIGIN");
    }
    const abort = await rawRequest(port, "POST", "/api/runs/some-run/abort", { host: `localhost:${port}`, origin: "http://evil.example" });
    expect(abort.status).toBe(403);
    expect(server().sessions.size).toBe(sessionsBefore);

    const own = await rawRequest(port, "POST", "/api/runs", { host: `localhost:${port}`, origin: `http://localhost:${port}`, ...JSON_POST }, MESSAGE);
    expect(own.status).toBe(201);
    const runId = (JSON.parse(own.body) as { runId: string }).runId;
    expect((await waitForRunEnd(server().url, runId)).done).toBe(true);
    const noOrigin = await rawRequest(port, "POST", "/api/runs", { host: `127.0.0.1:${port}`, ...JSON_POST }, MESSAGE);
    expect(noOrigin.status).toBe(201);
    // a GET (the page, the event stream) carries no Origin check
    expect((await rawRequest(port, "GET", "/", { host: `localhost:${port}`, origin: "http://evil.example" })).status).toBe(200);
  });

  it("allowedHosts replaces the default list", async () => {
    const { port } = namedServer();
    expect((await rawRequest(port, "GET", "/", { host: "chat.test" })).status).toBe(200);
    expect((await rawRequest(port, "GET", "/", { host: `localhost:${port}` })).status).toBe(403);
    expect((await rawRequest(port, "POST", "/api/runs", { host: "chat.test", origin: "http://chat.test", ...JSON_POST }, MESSAGE)).status).toBe(201);
    expect((await rawRequest(port, "POST", "/api/runs", { host: "chat.test", origin: `http://localhost:${port}`, ...JSON_POST }, MESSAGE)).status).toBe(403);
  });
});

describe("the cap on concurrent runs", () => {
  it("answers 429 TOO_MANY_RUNS with Retry-After once maxConcurrentRuns runs are going, and accepts again when one ended", async () => {
    const base = cappedServer().url;
    const first = await postRun(base, "How long does sunlight take to reach Earth?");
    const refused = await fetch(`${base}/api/runs`, { method: "POST", headers: JSON_POST, body: MESSAGE });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("3");
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("TOO_MANY_RUNS");
    expect(body.error.message).toContain("at most 1");
    expect([...cappedServer().sessions.values()].filter((session) => !session.done)).toHaveLength(1);

    await fetch(`${base}/api/runs/${first}/abort`, { method: "POST" });
    expect((await waitForRunEnd(base, first)).result?.stopReason).toBe("aborted");
    const second = await postRun(base, "And to Mars?");
    await fetch(`${base}/api/runs/${second}/abort`, { method: "POST" });
    await waitForRunEnd(base, second);
  });
});
