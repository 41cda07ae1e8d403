import { request } from "node:http";
import { describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/sdk";
import { SUPERVISOR_OPENING } from "../src/agent/scripted/supervisor-model.js";
import { postRun, readRunEvents, runStatus, waitForRunEnd } from "./support/run-api.js";
import { useChatServer } from "./support/test-server.js";

const QUESTION = "How long does sunlight take to reach Earth?";
const server = useChatServer({ speed: 0 });
/** A server at watchable speed, for what must happen while a run is still going. */
const slowServer = useChatServer({ speed: 1 });

/** Concatenated text deltas of one agent's content block. */
function blockText(events: readonly StreamEvent[], agentPath: string, contentIndex: number): string {
  return events
    .flatMap((event) => (event.type === "text-delta" && event.agentPath === agentPath && event.contentIndex === contentIndex ? [event.text] : []))
    .join("");
}

/** Content indexes of an agent's text blocks, in order. */
function textBlocks(events: readonly StreamEvent[], agentPath: string): number[] {
  return [...new Set(events.flatMap((event) => (event.type === "text-delta" && event.agentPath === agentPath ? [event.contentIndex] : [])))];
}

describe("the run API, read with decodeSseEvents in Node", () => {
  it("streams one run tree: seq strictly increasing from 1, the supervisor and its two researchers, ending with the root's run-end", async () => {
    const runId = await postRun(server().url, QUESTION);
    const events = await readRunEvents(server().url, runId);

    const seqs = events.map((event) => event.seq);
    expect(seqs[0]).toBe(1);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBeGreaterThan(seqs[i - 1]!);
    expect(new Set(events.map((event) => event.runId))).toEqual(new Set([runId]));

    expect([...new Set(events.map((event) => event.agentPath))]).toEqual(["supervisor", "supervisor/researcher#1", "supervisor/researcher#2"]);
    const starts = events.filter((event) => event.type === "run-start");
    expect(starts.map((event) => [event.agentPath, event.parentAgentPath])).toEqual([
      ["supervisor", undefined],
      ["supervisor/researcher#1", "supervisor"],
      ["supervisor/researcher#2", "supervisor"],
    ]);
    expect(events[0]).toMatchObject({ type: "run-start", agentPath: "supervisor" });
    const last = events.at(-1)!;
    expect(last).toMatchObject({ type: "run-end", agentPath: "supervisor", stopReason: "completed" });

    // The researchers run inside the research tool: between its tool-start and tool-done.
    const researchStart = events.findIndex((event) => event.type === "tool-start" && event.toolName === "research");
    const researchDone = events.findIndex((event) => event.type === "tool-done" && event.toolName === "research");
    const nested = events.flatMap((event, i) => (event.agentPath.includes("/") ? [i] : []));
    expect(researchStart).toBeGreaterThanOrEqual(0);
    expect(Math.min(...nested)).toBeGreaterThan(researchStart);
    expect(Math.max(...nested)).toBeLessThan(researchDone);

    // Both tools of the supervisor's batch, and the researchers' searches.
    const toolCalls = events.flatMap((event) => (event.type === "tool-call" ? [[event.agentPath, event.toolCall.toolName]] : []));
    expect(toolCalls).toEqual([
      ["supervisor", "research"],
      ["supervisor", "clock"],
      ["supervisor/researcher#1", "search"],
      ["supervisor/researcher#2", "search"],
    ]);
    // The research tool's progress group: a briefing step and one step per researcher, all done.
    const researchSteps = events.flatMap((event) => (event.type === "tool-progress" && event.toolName === "research" && event.step ? [event.step] : []));
    const finalSteps = new Map(researchSteps.map((step) => [step.stepId, step]));
    expect([...finalSteps.values()].map((step) => [step.group, step.title, step.status])).toEqual([
      ["Research", "Briefing 2 researchers", "done"],
      ["Research", "Facts researcher at work", "done"],
      ["Research", "Context researcher at work", "done"],
    ]);

    // Text: the supervisor's opening and answer blocks; the status route has the same answer.
    const status = await waitForRunEnd(server().url, runId);
    expect(status.result?.stopReason).toBe("completed");
    const rootBlocks = textBlocks(events, "supervisor");
    expect(rootBlocks).toHaveLength(2);
    expect(blockText(events, "supervisor", rootBlocks[0]!)).toBe(SUPERVISOR_OPENING);
    expect(blockText(events, "supervisor", rootBlocks[1]!)).toBe(status.result?.text);
    expect(status.result?.text).toContain("Facts: Sunlight takes about 8 minutes and 20 seconds");
    expect(last.type === "run-end" && last.usage.inputTokens).toBe(status.result?.usage.inputTokens);
  });

  it("replays the whole run to a client that comes after it ended", async () => {
    const runId = await postRun(server().url, QUESTION);
    const first = await readRunEvents(server().url, runId);
    const again = await readRunEvents(server().url, runId);
    expect(again).toEqual(first);
  });

  it("resumes after a dropped connection with Last-Event-ID: no event missing, none twice", async () => {
    const runId = await postRun(server().url, QUESTION);
    const before = await readRunEvents(server().url, runId, { limit: 15 });
    expect(before).toHaveLength(15);
    const after = await readRunEvents(server().url, runId, { lastEventId: before.at(-1)!.seq });
    const full = await readRunEvents(server().url, runId);
    expect(after[0]!.seq).toBe(before.at(-1)!.seq + 1);
    expect([...before, ...after]).toEqual(full);
    expect(full.at(-1)).toMatchObject({ type: "run-end", agentPath: "supervisor", stopReason: "completed" });
  });

  it("aborts a run: POST /abort answers 202 and the run ends with stop reason aborted", async () => {
    const slow = slowServer();
    const runId = await postRun(slow.url, QUESTION);
    const response = await fetch(`${slow.url}/api/runs/${runId}/abort`, { method: "POST" });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ runId, aborted: true });
    const status = await waitForRunEnd(slow.url, runId);
    expect(status.result?.stopReason).toBe("aborted");
    const events = await readRunEvents(slow.url, runId);
    expect(events.at(-1)).toMatchObject({ type: "run-end", agentPath: "supervisor", stopReason: "aborted" });
    const again = await fetch(`${slow.url}/api/runs/${runId}/abort`, { method: "POST" });
    expect(await again.json()).toEqual({ runId, aborted: false });
  });

  it("answers errors as JSON: unknown runs 404, bad messages 400, wrong content type 415, wrong method 405", async () => {
    const url = server().url;
    const expectError = async (response: Response, status: number, code: string) => {
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
    };
    await expectError(await fetch(`${url}/api/runs/no-such-run/events`), 404, "RUN_NOT_FOUND");
    await expectError(await fetch(`${url}/api/runs/no-such-run`), 404, "RUN_NOT_FOUND");
    await expectError(await fetch(`${url}/api/runs/no-such-run/abort`, { method: "POST" }), 404, "RUN_NOT_FOUND");
    const post = (body: string, type = "application/json") => fetch(`${url}/api/runs`, { method: "POST", headers: { "content-type": type }, body });
    await expectError(await post(JSON.stringify({ message: "  " })), 400, "INVALID_MESSAGE");
    await expectError(await post(JSON.stringify({ text: "hi" })), 400, "INVALID_MESSAGE");
    await expectError(await post(JSON.stringify({ message: "x".repeat(2001) })), 400, "INVALID_MESSAGE");
    await expectError(await post("{not json"), 400, "INVALID_JSON");
    await expectError(await post("message=hi", "application/x-www-form-urlencoded"), 415, "UNSUPPORTED_MEDIA_TYPE");
    await expectError(await fetch(`${url}/api/runs`), 405, "METHOD_NOT_ALLOWED");
    await expectError(await fetch(`${url}/api/nothing`), 404, "NOT_FOUND");
    const runId = await postRun(url, QUESTION);
    await expectError(await fetch(`${url}/api/runs/${runId}/events`, { headers: { "last-event-id": "abc" } }), 400, "INVALID_LAST_EVENT_ID");
    await readRunEvents(url, runId);
  });

  it("reports a run as not done while it runs", async () => {
    const slow = slowServer();
    const runId = await postRun(slow.url, QUESTION);
    expect(await runStatus(slow.url, runId)).toEqual({ runId, done: false });
    await readRunEvents(slow.url, runId);
    expect((await waitForRunEnd(slow.url, runId)).result?.stopReason).toBe("completed");
  });
});

describe("the page and its browser modules", () => {
  it("serves the page with an import map, and every module the page imports resolves, transitively", async () => {
    const url = server().url;
    const page = await fetch(`${url}/`);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await page.text();
    const importMap = JSON.parse(/<script type="importmap">([\s\S]*?)<\/script>/.exec(html)![1]!) as { imports: Record<string, string> };
    expect(Object.keys(importMap.imports).sort()).toEqual(["@baton/core", "@baton/events/client", "eventsource-parser"]);

    const seen = new Set<string>();
    const bare = new Set<string>();
    const queue = [new URL("/app.js", url).href];
    while (queue.length > 0) {
      const href = queue.shift()!;
      if (seen.has(href)) continue;
      seen.add(href);
      const response = await fetch(href);
      expect(response.status, href).toBe(200);
      expect(response.headers.get("content-type"), href).toBe("text/javascript; charset=utf-8");
      for (const specifier of importSpecifiers(await response.text())) {
        if (specifier.startsWith(".") || specifier.startsWith("/")) {
          queue.push(new URL(specifier, href).href);
          continue;
        }
        bare.add(specifier);
        expect(importMap.imports[specifier], `bare import "${specifier}" in ${href} has no import map entry`).toBeDefined();
        queue.push(new URL(importMap.imports[specifier]!, url).href);
      }
    }
    // The page's own modules, the events client, core and eventsource-parser all loaded.
    expect(bare).toEqual(new Set(["@baton/events/client", "@baton/core", "eventsource-parser"]));
    expect([...seen].some((href) => href.includes("/modules/@baton/events/client/index.js"))).toBe(true);
    expect([...seen].filter((href) => href.includes("/modules/")).every((href) => !href.includes("node:"))).toBe(true);
  });

  it("serves only built modules: no path outside dist, no type declarations, no other package", async () => {
    const url = server().url;
    expect((await fetch(`${url}/modules/@baton/events/index.d.ts`)).status).toBe(404);
    expect((await fetch(`${url}/modules/left-pad/index.js`)).status).toBe(404);
    expect(await rawGetStatus(server().port, "/modules/@baton/events/%2e%2e/package.json")).toBe(404);
    expect(await rawGetStatus(server().port, "/modules/@baton/events/../../core/package.json")).toBe(404);
    expect(await rawGetStatus(server().port, "/../package.json")).toBe(404);
    const css = await fetch(`${url}/style.css`);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(await css.text()).toContain(".agent .agent");
  });
});

/** The specifiers of a module's static imports, re-exports and dynamic imports. */
function importSpecifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:^|[;\n}])\s*(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']/g)) found.add(match[1]!);
  for (const match of code.matchAll(/(?:^|[;\n])\s*import\s*["']([^"']+)["']/g)) found.add(match[1]!);
  for (const match of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.add(match[1]!);
  return [...found];
}

/** GET with the path sent exactly as given (fetch would normalize `..`). */
function rawGetStatus(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method: "GET" }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}
