/// <reference lib="dom" />
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import type { RunState, StreamEvent } from "@baton/core";
import { buildTrace, createEventRecorder, createViewerHandler, viewerPath } from "../src/index.js";
import { threeAgentRun } from "./support/three-agent-run.js";

/** Flags for headless Chromium in containers and CI (as the chat example's tests use them). */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/**
 * Time for each test, its page's waits and the browser's start: far more than the second
 * or two a test takes, so a machine busy with other test suites does not fail them.
 */
const BROWSER_TEST_MS = 120_000;
const SCREENSHOT = fileURLToPath(new URL("../test-results/viewer-3-agents.png", import.meta.url));

let browser: Browser;
let server: Server;
let base: string;
let events: StreamEvent[];
let runId: string;
let state: RunState;
/** The live run's events, sent one by one over SSE when the page connects. */
let liveEvents: StreamEvent[];
const liveStreams: ServerResponse[] = [];
/**
 * The live stream sends the first half of its events, then holds the rest until the test has
 * seen a running row: on a busy machine the page may otherwise draw the run only once it has
 * ended, and no row would ever be seen running.
 */
let releaseLiveRest: () => void = () => {};
const liveRestReleased = new Promise<void>((resolve) => {
  releaseLiveRest = resolve;
});

beforeAll(async () => {
  let result;
  ({ events, runId, result } = await threeAgentRun());
  state = result.state as RunState;
  liveEvents = events.map((event) => ({ ...event, runId: "live-run" }));
  const recorder = createEventRecorder();
  for (const event of events) recorder.emit(event);
  // "growing-run": stored events only (no live stream), a third more of them at each load.
  let loads = 0;
  const growing = events.map((event) => ({ ...event, runId: "growing-run" }));
  const viewer = createViewerHandler({
    events: (id) => (id === "growing-run" ? growing.slice(0, Math.ceil((++loads * growing.length) / 3)) : recorder.events(id)),
    liveUrl: (id) => (id === "live-run" ? "/sse/live-run" : undefined),
    checkpoints: { loadCheckpoint: async (id) => (id === "from-checkpoint" ? state : undefined) },
  });
  server = createServer(async (req, res) => {
    if (await viewer(req, res)) return;
    if (req.url === "/sse/live-run") {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      liveStreams.push(res);
      let closed = false;
      req.on("close", () => {
        closed = true;
      });
      const half = Math.floor(liveEvents.length / 2);
      for (const [i, event] of liveEvents.entries()) {
        if (i === half) await liveRestReleased;
        await new Promise((resolve) => setTimeout(resolve, 10));
        if (closed) return;
        res.write(`id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      }
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: inject("chromiumPath"),
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: BROWSER_TEST_MS,
  });
}, BROWSER_TEST_MS);

afterAll(async () => {
  await browser?.close();
  for (const res of liveStreams) res.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function openRun(id: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 700 } });
  page.setDefaultTimeout(BROWSER_TEST_MS - 10_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(base + viewerPath(id));
  return { page, errors };
}

interface DomRow {
  id: string;
  kind: string;
  depth: number;
  parent: string;
  status: string;
  name: string;
  left: number;
}

function domRows(page: Page): Promise<DomRow[]> {
  return page.$$eval("[data-testid=row]", (nodes) =>
    nodes.map((node) => ({
      id: node.getAttribute("data-row-id")!,
      kind: node.getAttribute("data-kind")!,
      depth: Number(node.getAttribute("data-depth")),
      parent: node.getAttribute("data-parent-id")!,
      status: node.getAttribute("data-status")!,
      name: node.querySelector("[data-testid=row-name]")!.textContent!,
      left: node.querySelector(".name")!.getBoundingClientRect().left,
    })),
  );
}

/** Pixels of a PNG that differ from its top-left pixel's color, counted by the browser (canvas). */
async function nonBackgroundPixels(png: Buffer): Promise<{ width: number; height: number; different: number; colors: number }> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      async (dataUrl) => {
        const image = new Image();
        image.src = dataUrl;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext("2d")!;
        context.drawImage(image, 0, 0);
        const data = context.getImageData(0, 0, image.width, image.height).data;
        let different = 0;
        const colors = new Set<number>();
        for (let i = 0; i < data.length; i += 4) {
          if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) different++;
          if (colors.size < 1000) colors.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
        }
        return { width: image.width, height: image.height, different, colors: colors.size };
      },
      `data:image/png;base64,${png.toString("base64")}`,
    );
  } finally {
    await page.close();
  }
}

describe("the viewer page in headless Chromium", { timeout: BROWSER_TEST_MS }, () => {
  it("shows a stored 3-agent run: rows, nesting and order match the run; totals; details on click; a non-blank screenshot", async () => {
    const { page, errors } = await openRun(runId);
    await page.waitForSelector("body[data-state=ended]");
    const expected = buildTrace(events);
    const rows = await domRows(page);

    // The rows, in the run's order, with the nesting of the run.
    expect(rows.map((row) => row.id)).toEqual(expected.rows.map((row) => row.id));
    expect(rows.map((row) => `${"  ".repeat(row.depth)}${row.kind} ${row.name}`)).toEqual([
      "agent main",
      "  model sim-1 · step 1",
      "  tool research",
      "    agent researcher#1",
      "      model sim-1 · step 1",
      "      tool search",
      "      model sim-1 · step 2",
      "    agent researcher#2",
      "      model sim-1 · step 1",
      "      tool search",
      "      model sim-1 · step 2",
      "  tool clock",
      "  model sim-1 · step 2",
    ]);
    const research = rows.find((row) => row.name === "research")!;
    expect(rows.filter((row) => row.kind === "agent" && row.depth === 2).map((row) => row.parent)).toEqual([research.id, research.id]);
    expect(rows.every((row) => row.status === "ok")).toBe(true);
    // Nesting is visible: each level is indented further than its parent.
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows) if (row.parent) expect(row.left, row.id).toBeGreaterThan(byId.get(row.parent)!.left);
    // A child's bar starts no earlier than its parent's.
    const bars = await page.$$eval("[data-testid=row] .bar", (nodes) => nodes.map((node) => parseFloat((node as HTMLElement).style.left)));
    expect(bars[0]).toBe(0);
    for (const [i, row] of rows.entries()) if (row.parent) expect(bars[i]!).toBeGreaterThanOrEqual(bars[rows.findIndex((r) => r.id === row.parent)]! - 0.001);

    // Totals at the top.
    const totals = Object.fromEntries(
      await page.$$eval("[data-testid=totals] > div", (nodes) => nodes.map((node) => [node.getAttribute("data-total"), node.querySelector("dd")!.textContent])),
    );
    expect(totals).toMatchObject({
      agents: "3",
      "model-calls": "6",
      "tool-calls": "4",
      "input-tokens": "1,400",
      "output-tokens": "210",
      cost: "$0.00735",
      errors: "0",
    });
    expect(await page.getByTestId("run-status").textContent()).toBe("ok");
    expect(await page.getByTestId("run-id").textContent()).toBe(runId);

    // Click a row: its arguments and result; an agent: its answer; a model call: its messages.
    await page.locator(`[data-row-id="${research.id}"]`).click();
    expect(await page.getByTestId("detail-title").textContent()).toBe("research");
    expect(JSON.parse((await page.locator("[data-testid=detail-arguments] pre").textContent())!)).toEqual({ topic: "sunlight" });
    expect(JSON.parse((await page.locator("[data-testid=detail-result] pre").textContent())!)).toEqual({
      findings: ["Findings on facts.", "Findings on context."],
    });
    await page.locator('[data-row-id="agent:main"]').click();
    expect(await page.locator("[data-testid=detail-text] pre").textContent()).toBe("Sunlight takes about 8 minutes.");
    await page.locator('[data-row-id="model:main:1"]').click();
    expect(await page.locator("[data-testid=detail-messages] pre").textContent()).toContain("Let me research.");
    expect(await page.locator('[data-row-id="model:main:1"]').getAttribute("class")).toContain("selected");
    expect(errors).toEqual([]);

    rmSync(SCREENSHOT, { force: true });
    mkdirSync(dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    const pixels = await nonBackgroundPixels(readFileSync(SCREENSHOT));
    expect(pixels.width).toBe(1400);
    // Not blank: a good share of the page is text, bars and badges, in many colors.
    expect(pixels.different / (pixels.width * pixels.height)).toBeGreaterThan(0.05);
    expect(pixels.colors).toBeGreaterThan(50);
    // And a blank page (the same size) is not: the check can fail.
    const blank = await browser.newPage({ viewport: { width: 1400, height: 700 } });
    const blankPixels = await nonBackgroundPixels(await blank.screenshot());
    await blank.close();
    expect(blankPixels.different).toBe(0);
    await page.close();
  });

  it("follows a live run over Server-Sent Events until the root's run-end", async () => {
    const { page, errors } = await openRun("live-run");
    await page.waitForSelector("body[data-state=live]");
    // While it runs, some row is running.
    await page.waitForSelector("[data-testid=row][data-status=running]");
    expect(await page.locator("body").getAttribute("data-state")).toBe("live");
    releaseLiveRest();
    await page.waitForSelector("body[data-state=ended]");
    const rows = await domRows(page);
    expect(rows.map((row) => row.id)).toEqual(buildTrace(liveEvents).rows.map((row) => row.id));
    expect(rows.every((row) => row.status === "ok")).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("loads a run that is not over and has no live stream again every second until it ends", async () => {
    const { page, errors } = await openRun("growing-run");
    await page.waitForSelector("body[data-state=live]");
    await page.waitForSelector("[data-testid=row][data-status=running]");
    await page.waitForSelector("body[data-state=ended]");
    const rows = await domRows(page);
    expect(rows.map((row) => row.id)).toEqual(buildTrace(events).rows.map((row) => row.id));
    expect(rows.every((row) => row.status === "ok")).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows a run rebuilt from its checkpoint, and says the timings are approximate", async () => {
    const { page, errors } = await openRun("from-checkpoint");
    await page.waitForSelector("body[data-state=ended]");
    expect(await page.getByTestId("notice").textContent()).toContain("approximate");
    const rows = await domRows(page);
    expect(rows.filter((row) => row.kind === "agent").map((row) => [row.name, row.depth])).toEqual([
      ["main", 0],
      ["researcher#1", 2],
      ["researcher#2", 2],
    ]);
    expect(await page.locator("[data-total=input-tokens] dd").textContent()).toBe("1,400");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("says so when the run is unknown", async () => {
    const { page } = await openRun("nobody");
    await page.waitForSelector("body[data-state=error]");
    expect(await page.getByTestId("notice").textContent()).toContain("No run nobody is known here.");
    await page.close();
  });
});
