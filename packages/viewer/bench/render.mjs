#!/usr/bin/env node
/**
 * Bench: how long the viewer page takes to show a run of 5,000 events in headless
 * Chromium. Serves a synthetic run (one agent with many model and tool calls, a
 * sub-agent every tenth call) through `createViewerHandler` (the built package),
 * opens its page and measures, over several page loads:
 *
 * - `render`: in the page, buildTrace + the one DOM write + placing the bars + layout;
 * - `load`: from navigation start to the waterfall laid out (fetching and parsing the events included).
 *
 * Budget: a 5,000-event run renders in < 1 s (the median `load`); exits 1 when over it.
 *
 * Usage: `node bench/render.mjs [--events 5000] [--runs 5]` after `pnpm build` in packages/viewer.
 * Needs Chromium: CHROMIUM_PATH, else /usr/bin/chromium (scripts/ensure-chromium.mjs installs it).
 */
import { createServer } from "node:http";
import { chromium } from "playwright-core";
import { createViewerHandler, viewerPath } from "../dist/index.js";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const EVENTS = option("events", 5_000);
const RUNS = option("runs", 5);
const BUDGET_MS = 1_000;
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A synthetic run of about `count` events. */
function syntheticEvents(count, runId) {
  const events = [];
  let seq = 0;
  let time = 1_700_000_000_000;
  const push = (agentPath, event) => {
    time += 3;
    events.push({ runId, agentPath, seq: ++seq, contentIndex: 0, timestamp: time, ...event });
  };
  const usage = (agentPath, iteration, inputTokens, outputTokens, costUsd) => ({
    type: "usage",
    usage: { model: "sim-1", agentPath, iteration, tools: [], inputTokens, outputTokens, cachedInputTokens: 0, reasoningTokens: 0, costUsd },
  });
  const totals = { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0, calls: 0, costComplete: true, tools: [] };
  push("main", { type: "run-start", model: "sim-1" });
  let iteration = 0;
  let sub = 0;
  while (seq < count - 12) {
    iteration++;
    push("main", { type: "step-start", iteration, model: "sim-1", toolsSent: true });
    push("main", { type: "text-delta", text: `Step ${iteration}: calling work.` });
    const toolCallId = `call_${iteration}`;
    push("main", { type: "tool-call", toolCall: { type: "tool-call", toolCallId, toolName: "work", arguments: { n: iteration } } });
    push("main", { type: "tool-start", toolCallId, toolName: "work", arguments: { n: iteration } });
    if (iteration % 10 === 0) {
      const path = `main/helper#${++sub}`;
      push(path, { type: "run-start", model: "sim-1", parentAgentPath: "main" });
      push(path, { type: "step-start", iteration: 1, model: "sim-1", toolsSent: false });
      push(path, usage(path, 1, 50, 5, 0.0002));
      push(path, { type: "step-end", iteration: 1, finishReason: "stop", toolCalls: 0 });
      push(path, { type: "run-end", stopReason: "completed", text: "ok", iterations: 1, toolCallCount: 0, usage: totals });
    }
    push("main", { type: "tool-done", toolCallId, toolName: "work", result: { ok: iteration, text: "lorem ipsum ".repeat(5) }, durationMs: 2 });
    push("main", usage("main", iteration, 100, 10, 0.0005));
    push("main", { type: "step-end", iteration, finishReason: "tool_calls", toolCalls: 1 });
  }
  push("main", { type: "run-end", stopReason: "completed", text: "done", iterations: iteration, toolCallCount: iteration, usage: totals });
  return events;
}

const events = syntheticEvents(EVENTS, "bench-run");
const viewer = createViewerHandler({ events: (id) => (id === "bench-run" ? events : undefined) });
const server = createServer(async (req, res) => {
  if (!(await viewer(req, res))) res.writeHead(404).end();
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${server.address().port}${viewerPath("bench-run")}`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH?.trim() || "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const loads = [];
const renders = [];
let rows = 0;
try {
  for (let i = 0; i < RUNS + 1; i++) {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    await page.waitForSelector("body[data-state=ended]");
    // Both stamped by the page when the waterfall was written and laid out (performance.now(): since navigation start).
    const measured = await page.evaluate(() => ({
      load: Number(document.body.dataset.renderedAt),
      render: Number(document.body.dataset.renderMs),
      rows: Number(document.body.dataset.rows),
    }));
    await page.close();
    if (i === 0) continue; // warm-up (the first load compiles the scripts)
    loads.push(measured.load);
    renders.push(measured.render);
    rows = measured.rows;
  }
} finally {
  await browser.close();
  server.close();
}

const load = median(loads);
const render = median(renders);
console.log(`viewer: ${events.length} events → ${rows} rows in headless Chromium (median of ${RUNS} page loads)`);
console.log(`  render (buildTrace + one DOM write + bars + layout): ${render.toFixed(1)} ms`);
console.log(
  `  load (navigation → waterfall laid out, events fetched and parsed): ${load.toFixed(1)} ms   budget < ${BUDGET_MS} ms: ${load < BUDGET_MS ? "ok" : "OVER"}`,
);
if (load >= BUDGET_MS) process.exitCode = 1;
