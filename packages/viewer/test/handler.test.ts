import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunEventLog, StreamEvent } from "@baton/core";
import { createEventRecorder, createViewerHandler, viewerPath, type ViewerRunResponse } from "../src/index.js";
import { threeAgentRun } from "./support/three-agent-run.js";

/** A RunEventLog over fixed events (the Redis log's contract: read after a seq, in batches). */
function memoryLog(runs: Record<string, { events: StreamEvent[]; ended: boolean }>): RunEventLog {
  return {
    async head(runId) {
      const entry = runs[runId];
      if (!entry) return undefined;
      const lastSeq = entry.events.at(-1)?.seq ?? 0;
      return { lastSeq, firstSeq: entry.events[0]?.seq ?? lastSeq + 1, ended: entry.ended };
    },
    async *read(runId, after, signal) {
      const events = (runs[runId]?.events ?? []).filter((event) => event.seq > after);
      for (let i = 0; i < events.length && !signal.aborted; i += 7) yield events.slice(i, i + 7);
      // A live log would wait here for more until the signal aborts.
      if (!runs[runId]?.ended) await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
    },
  };
}

let server: Server;
let base: string;
let events: StreamEvent[];
let runId: string;
const errors: unknown[] = [];

beforeAll(async () => {
  ({ events, runId } = await threeAgentRun({ delayMs: 0 }));
  const recorder = createEventRecorder();
  for (const event of events) recorder.emit(event);
  const half = events.slice(0, 20).map((event) => ({ ...event, runId: "half" }));
  const viewer = createViewerHandler({
    basePath: "/tools/viewer/",
    events: (id) => (id === "boom" ? Promise.reject(new Error("store down")) : recorder.events(id)),
    log: memoryLog({ half: { events: half, ended: false }, logged: { events: events.map((event) => ({ ...event, runId: "logged" })), ended: true } }),
    liveUrl: (id) => (id === "half" || id === "fresh" ? `/api/runs/${id}/events` : undefined),
    onError: (error) => errors.push(error),
  });
  server = createServer(async (req, res) => {
    if (await viewer(req, res)) return;
    res.writeHead(418).end("not the viewer");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function runJson(id: string): Promise<ViewerRunResponse> {
  const response = await fetch(`${base}/tools/viewer/api/runs/${encodeURIComponent(id)}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return (await response.json()) as ViewerRunResponse;
}

describe("createViewerHandler over HTTP", () => {
  it("serves the page of a run with a strict CSP, and its static files from the package (no CDN)", async () => {
    expect(viewerPath(runId, "/tools/viewer/")).toBe(`/tools/viewer/runs/${runId}`);
    const page = await fetch(base + viewerPath(runId, "/tools/viewer"));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('<script type="module" src="../assets/viewer.js">');
    expect(html).not.toMatch(/https?:\/\//);
    for (const [name, type] of [
      ["viewer.js", "text/javascript"],
      ["trace.js", "text/javascript"],
      ["viewer.css", "text/css"],
      ["favicon.svg", "image/svg+xml"],
    ] as const) {
      const response = await fetch(`${base}/tools/viewer/assets/${name}`);
      expect(response.status, name).toBe(200);
      expect(response.headers.get("content-type")).toContain(type);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const text = await response.text();
      expect(text.length).toBeGreaterThan(100);
      expect(text, name).not.toMatch(/https?:\/\/(?!www\.w3\.org)/); // nothing fetched from elsewhere
    }
    // The browser's model is the compiled model itself: no imports.
    expect(await (await fetch(`${base}/tools/viewer/assets/trace.js`)).text()).not.toMatch(/^import /m);
  });

  it("answers a stored run's events from the events source (ended: the root's run-end is there)", async () => {
    const body = await runJson(runId);
    expect(body).toMatchObject({ runId, ended: true, truncated: false });
    expect(body.live).toBeUndefined();
    expect(body.events).toEqual(JSON.parse(JSON.stringify(events)));
  });

  it("reads a run event log up to its head, and offers the live URL while the run goes on", async () => {
    const logged = await runJson("logged");
    expect(logged.ended).toBe(true);
    expect(logged.events.map((event) => event.seq)).toEqual(events.map((event) => event.seq));
    const half = await runJson("half");
    expect(half).toMatchObject({ ended: false, live: "/api/runs/half/events" });
    expect(half.events).toHaveLength(20);
    // Known only live: no stored events yet.
    expect(await runJson("fresh")).toEqual({ runId: "fresh", events: [], ended: false, truncated: false, live: "/api/runs/fresh/events" });
  });

  it("caps the events served", async () => {
    const viewer = createViewerHandler({ events: () => events, maxEvents: 10 });
    const capped = createServer(async (req, res) => void (await viewer(req, res)));
    await new Promise<void>((resolve) => capped.listen(0, "127.0.0.1", resolve));
    try {
      const body = (await (await fetch(`http://127.0.0.1:${(capped.address() as AddressInfo).port}/viewer/api/runs/x`)).json()) as ViewerRunResponse;
      expect(body).toMatchObject({ ended: false, truncated: true });
      expect(body.events).toHaveLength(10);
    } finally {
      await new Promise<void>((resolve) => capped.close(() => resolve()));
    }
  });

  it("404 for unknown runs and files, 405 for other methods, HEAD without a body, 500 when a source fails, and other paths left alone", async () => {
    const unknown = await fetch(`${base}/tools/viewer/api/runs/nobody`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { code: "NOT_FOUND", message: "No run nobody is known here." } });
    expect((await fetch(`${base}/tools/viewer/assets/secret.txt`)).status).toBe(404);
    expect((await fetch(`${base}/tools/viewer/assets/..%2Fpackage.json`)).status).toBe(404);
    expect((await fetch(`${base}/tools/viewer/runs/a/b`)).status).toBe(404);
    const post = await fetch(`${base}/tools/viewer/api/runs/${runId}`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    const head = await fetch(`${base}/tools/viewer/assets/viewer.js`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(100);
    expect(await head.text()).toBe("");
    const failed = await fetch(`${base}/tools/viewer/api/runs/boom`);
    expect(failed.status).toBe(500);
    expect(String(errors.at(-1))).toContain("store down");
    for (const path of ["/", "/tools/viewerx/runs/a", "/tools"]) {
      const other = await fetch(base + path);
      expect(other.status, path).toBe(418);
    }
  });

  it("the recorder keeps runs bounded", () => {
    const recorder = createEventRecorder({ maxRuns: 2, maxEventsPerRun: 3 });
    for (const id of ["a", "b", "c"]) for (const event of events.slice(0, 5)) recorder.emit({ ...event, runId: id });
    expect(recorder.runIds()).toEqual(["b", "c"]);
    expect(recorder.events("a")).toBeUndefined();
    expect(recorder.events("c")).toHaveLength(3);
    expect(recorder.truncated("c")).toBe(true);
    expect(() => createEventRecorder({ maxRuns: 0 })).toThrow(RangeError);
  });
});
