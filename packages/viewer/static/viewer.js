// The run viewer page: a thin DOM layer over buildTrace (trace.js, the package's model).
// Loads the run's stored events (GET ../api/runs/<id>), follows it live over Server-Sent
// Events when it may still be going, and writes the waterfall in one DOM write per frame.
import { buildTrace } from "./trace.js";

/** Event types of the Baton protocol: SSE messages are named by type. */
const EVENT_TYPES = [
  "run-start",
  "run-end",
  "step-start",
  "step-end",
  "text-delta",
  "reasoning-delta",
  "tool-call",
  "tool-start",
  "tool-progress",
  "tool-stream",
  "tool-done",
  "tool-error",
  "tool-interrupted",
  "usage",
  "context-trimmed",
  "context-overflow",
  "context-summarized",
  "plan-updated",
  "handoff",
  "loop-detected",
  "budget-exceeded",
  "error",
  "message",
];

const $ = (selector) => /** @type {HTMLElement} */ (document.querySelector(selector));
const rowsEl = $("[data-testid=rows]");
const detailEl = $("[data-testid=detail]");

/** @type {any[]} */
const events = [];
let lastSeq = 0;
let live = false;
/** @type {any} */
let trace;
/** @type {Map<string, any>} */
let rowsById = new Map();
let selected = "";
let frame = 0;

const runId = decodeURIComponent(location.pathname.split("/").filter(Boolean).at(-1) ?? "");
const apiUrl = new URL(`../api/runs/${encodeURIComponent(runId)}`, import.meta.url);

function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === '"' ? "&quot;" : "&#39;"));
}

function formatMs(ms) {
  if (ms === undefined || ms === null) return "";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

function formatCount(n) {
  return n.toLocaleString("en-US");
}

function formatCost(cost) {
  if (cost === undefined) return "";
  return cost < 0.01 ? `$${cost.toFixed(5)}` : `$${cost.toFixed(4)}`;
}

const STATUS_TEXT = { running: "running", ok: "ok", error: "error", aborted: "aborted", interrupted: "waiting", unfinished: "unfinished" };
const KIND_TEXT = { agent: "agent", model: "model", tool: "tool" };

function rowName(row) {
  if (row.kind === "agent") {
    const last = row.agentPath.split("/").at(-1) ?? row.agentPath;
    return last;
  }
  if (row.kind === "model") return `${row.name} · step ${row.iteration}`;
  return row.name;
}

/** The waterfall's rows as one HTML string. */
function rowsHtml(current) {
  const parts = new Array(current.rows.length);
  for (let i = 0; i < current.rows.length; i++) {
    const row = current.rows[i];
    const tokens = row.tokens.calls > 0 || row.tokens.inputTokens > 0 ? `${formatCount(row.tokens.inputTokens)} / ${formatCount(row.tokens.outputTokens)}` : "";
    parts[i] =
      `<div class="row k-${row.kind} s-${row.status}${row.id === selected ? " selected" : ""}" role="treeitem" aria-level="${row.depth + 1}" tabindex="0" data-testid="row"` +
      ` data-row-id="${escapeHtml(row.id)}" data-kind="${row.kind}" data-depth="${row.depth}" data-parent-id="${escapeHtml(row.parentId ?? "")}" data-status="${row.status}" data-agent-path="${escapeHtml(row.agentPath)}">` +
      `<div class="c-name"><span class="kind">${KIND_TEXT[row.kind]}</span><span class="name" data-testid="row-name">${escapeHtml(rowName(row))}</span></div>` +
      `<div class="c-bar"><span class="bar"></span></div>` +
      `<div class="c-num" data-testid="row-duration">${row.durationMs === undefined ? "…" : formatMs(row.durationMs)}</div>` +
      `<div class="c-num" data-testid="row-tokens">${tokens}</div>` +
      `<div class="c-num" data-testid="row-cost">${formatCost(row.tokens.costUsd)}</div>` +
      `<div class="c-status"><span class="badge s-${row.status}">${STATUS_TEXT[row.status] ?? row.status}</span></div>` +
      `</div>`;
  }
  return parts.join("");
}

/**
 * Places the bars and indents the names, through the CSSOM (the page's CSP allows no
 * inline style attributes): one pass over the rows just written, before any layout.
 */
function placeRows(current) {
  const span = Math.max(1, current.end - current.start);
  const nodes = rowsEl.children;
  for (let i = 0; i < nodes.length; i++) {
    const row = current.rows[i];
    const node = /** @type {HTMLElement} */ (nodes[i]);
    const end = row.end ?? current.end;
    const bar = /** @type {HTMLElement} */ (node.children[1].firstChild).style;
    bar.left = `${(((row.start - current.start) / span) * 100).toFixed(3)}%`;
    bar.width = `${Math.max(0.2, ((end - row.start) / span) * 100).toFixed(3)}%`;
    /** @type {HTMLElement} */ (node.firstChild).style.paddingLeft = `${0.4 + row.depth * 1.1}rem`;
  }
}

function axisHtml(current) {
  const ticks = [];
  for (let i = 0; i <= 4; i++) ticks.push(`<span class="tick-${i}">${formatMs(((current.end - current.start) * i) / 4)}</span>`);
  return ticks.join("");
}

function renderTotals(current) {
  const t = current.totals;
  const modelCalls = current.rows.reduce((n, row) => n + (row.kind === "model" ? 1 : 0), 0);
  const items = [
    ["Duration", formatMs(current.durationMs), "duration"],
    ["Agents", formatCount(t.agents), "agents"],
    ["Model calls", formatCount(modelCalls), "model-calls"],
    ["Tool calls", formatCount(t.toolCalls), "tool-calls"],
    ["Tokens in", formatCount(t.inputTokens), "input-tokens"],
    ["Tokens out", formatCount(t.outputTokens), "output-tokens"],
    ["Cost", t.costUsd === undefined ? "—" : formatCost(t.costUsd), "cost"],
    ["Errors", formatCount(t.errors), "errors"],
  ];
  $("[data-testid=totals]").innerHTML = items
    .map(([label, value, key]) => `<div data-total="${key}"><dt>${label}</dt><dd>${escapeHtml(value)}</dd></div>`)
    .join("");
  const status = $("[data-testid=run-status]");
  status.textContent = STATUS_TEXT[current.status] ?? current.status;
  status.className = `badge s-${current.status}`;
}

function render() {
  frame = 0;
  const started = performance.now();
  trace = buildTrace(events, { live });
  rowsById = new Map(trace.rows.map((row) => [row.id, row]));
  renderTotals(trace);
  $("[data-testid=axis]").innerHTML = axisHtml(trace);
  rowsEl.innerHTML = rowsHtml(trace);
  placeRows(trace);
  if (selected && rowsById.has(selected)) showDetail(rowsById.get(selected));
  // Lay the waterfall out now (the browser would before the next paint anyway), so the timings below include it.
  void rowsEl.offsetHeight;
  const done = performance.now();
  document.body.dataset.rows = String(trace.rows.length);
  document.body.dataset.renderMs = (done - started).toFixed(1);
  document.body.dataset.renderedAt = done.toFixed(1);
}

function schedule() {
  if (frame === 0) frame = requestAnimationFrame(render);
}

function json(value) {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

function section(title, value, testid) {
  if (value === undefined) return "";
  const text = typeof value === "string" ? value : json(value);
  return `<section data-testid="${testid}"><h3>${escapeHtml(title)}</h3><pre>${escapeHtml(text)}</pre></section>`;
}

function showDetail(row) {
  const d = row.detail;
  const facts = [
    ["Kind", row.kind],
    ["Agent", row.agentPath],
    [
      "Status",
      row.status +
        (d.stopReason ? ` (${d.stopReason})` : d.finishReason ? ` (${d.finishReason})` : d.toolStatus && d.toolStatus !== "ok" ? ` (${d.toolStatus})` : ""),
    ],
    ["Started", `+${formatMs(row.start - trace.start)}`],
    ["Duration", row.durationMs === undefined ? "running" : formatMs(row.durationMs)],
    [
      "Tokens",
      `${formatCount(row.tokens.inputTokens)} in (${formatCount(row.tokens.cachedInputTokens)} cached) · ${formatCount(row.tokens.outputTokens)} out (${formatCount(row.tokens.reasoningTokens)} reasoning)`,
    ],
    ["Cost", row.tokens.costUsd === undefined ? "unknown" : formatCost(row.tokens.costUsd)],
  ];
  if (d.model) facts.splice(2, 0, ["Model", d.model]);
  detailEl.innerHTML =
    `<h2 data-testid="detail-title">${escapeHtml(rowName(row))}</h2>` +
    `<dl class="facts">${facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join("")}</dl>` +
    section("Arguments", d.arguments, "detail-arguments") +
    section("Result", d.result, "detail-result") +
    section("Error", d.error, "detail-error") +
    section("Waiting for", d.interruption, "detail-interruption") +
    section("Progress", d.progress?.join("\n"), "detail-progress") +
    section("Messages", d.messages, "detail-messages") +
    section("Answer", d.text, "detail-text") +
    section("Errors reported", d.errors, "detail-errors") +
    section("Waiting for", d.interruptions, "detail-interruptions");
}

rowsEl.addEventListener("click", (event) => {
  const target = /** @type {HTMLElement} */ (event.target).closest("[data-row-id]");
  if (!target) return;
  for (const el of rowsEl.querySelectorAll(".row.selected")) el.classList.remove("selected");
  target.classList.add("selected");
  selected = target.getAttribute("data-row-id") ?? "";
  const row = rowsById.get(selected);
  if (row) showDetail(row);
});
rowsEl.addEventListener("keydown", (event) => {
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    /** @type {HTMLElement} */ (event.target).click();
  }
});

function notice(text) {
  const el = $("[data-testid=notice]");
  el.textContent = text;
  el.hidden = false;
}

function add(event) {
  if (!event || typeof event.seq !== "number" || event.seq <= lastSeq) return false;
  lastSeq = event.seq;
  events.push(event);
  return true;
}

function follow(url) {
  const source = new EventSource(new URL(url, location.href).href);
  live = true;
  const onEvent = (message) => {
    let event;
    try {
      event = JSON.parse(message.data);
    } catch {
      return;
    }
    if (!add(event)) return;
    if (event.type === "run-end" && !String(event.agentPath).includes("/")) {
      live = false;
      source.close();
      finish();
      return;
    }
    schedule();
  };
  for (const type of EVENT_TYPES) source.addEventListener(type, onEvent);
  // Running rows grow with the clock, also when no event comes for a while.
  const ticker = setInterval(() => (live ? schedule() : clearInterval(ticker)), 1000);
  source.addEventListener("error", () => {
    if (source.readyState === EventSource.CLOSED && live) {
      live = false;
      notice("The live event stream closed before the run ended.");
      schedule();
    }
  });
}

/** The run is over: the last render, then the page says so (`data-state="ended"`). */
function finish() {
  if (frame !== 0) cancelAnimationFrame(frame);
  render();
  document.body.dataset.state = "ended";
}

/** Milliseconds between two loads of a run that is not over and has no live stream. */
const POLL_MS = 1000;

async function load() {
  const response = await fetch(apiUrl, { headers: { accept: "application/json" } });
  const body = await response.json();
  if (!response.ok) throw new Error(body?.error?.message ?? `HTTP ${response.status}`);
  if (body.approximate) {
    // Rebuilt from a checkpoint: a new whole each time, not a continuation.
    events.length = 0;
    lastSeq = 0;
  }
  for (const event of body.events) add(event);
  return body;
}

/** A run that is not over, without a live stream: its stored events are loaded again every second until it ends. */
async function poll() {
  try {
    const body = await load();
    if (body.ended) {
      live = false;
      finish();
      return;
    }
  } catch {
    // Try again at the next tick.
  }
  render();
  setTimeout(poll, POLL_MS);
}

async function start() {
  $("[data-testid=run-id]").textContent = runId;
  document.title = `Run ${runId} · Baton run viewer`;
  let body;
  try {
    body = await load();
  } catch (error) {
    notice(`Could not load the run: ${error instanceof Error ? error.message : String(error)}`);
    document.body.dataset.state = "error";
    return;
  }
  if (body.truncated) notice(`Only the first ${formatCount(body.events.length)} events are shown.`);
  if (body.approximate) notice("Rebuilt from the run's checkpoint (no event log was kept): the rows are the run's, their timings approximate.");
  if (!body.ended && body.live) follow(body.live);
  else if (!body.ended && !body.truncated) {
    live = true;
    setTimeout(poll, POLL_MS);
  }
  render();
  document.body.dataset.state = body.ended ? "ended" : live ? "live" : "stored";
}

void start();
