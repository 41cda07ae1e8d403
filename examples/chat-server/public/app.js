/**
 * The page's entry module: sends the typed message to `POST /api/runs`, then
 * reads the run's Server-Sent Events with `streamRunEvents` from
 * `@baton/events/client` (a fetch-based decoder that reconnects with
 * Last-Event-ID; no EventSource) and hands each event to the run's view.
 * Stop posts `/api/runs/:id/abort`; the stream then ends with the aborted run-end.
 */
import { streamRunEvents } from "@baton/events/client";
import { abortRun, eventsUrl, startRun } from "./api.js";
import { RunView } from "./run-view.js";

const conversation = /** @type {HTMLElement} */ (document.querySelector("[data-testid=conversation]"));
const form = /** @type {HTMLFormElement} */ (document.querySelector("[data-testid=composer]"));
const input = /** @type {HTMLTextAreaElement} */ (document.querySelector("[data-testid=message-input]"));
const sendButton = /** @type {HTMLButtonElement} */ (document.querySelector("[data-testid=send-button]"));
const stopButton = /** @type {HTMLButtonElement} */ (document.querySelector("[data-testid=stop-button]"));

/** @type {{ runId: string, view: RunView } | undefined} */
let current;

form.addEventListener("submit", (event) => {
  event.preventDefault();
  void send(input.value);
});
input.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey) {
    event.preventDefault();
    form.requestSubmit();
  }
});
stopButton.addEventListener("click", () => void stop());
for (const suggestion of document.querySelectorAll("[data-testid=suggestion]")) {
  suggestion.addEventListener("click", () => {
    input.value = suggestion.textContent ?? "";
    input.focus();
  });
}
document.body.dataset.ready = "true";

/** Runs the agent on `text` and renders the run live. @param {string} text */
async function send(text) {
  const message = text.trim();
  if (message === "" || current) return;
  const view = new RunView(message);
  document.querySelector("[data-testid=empty-state]")?.remove();
  conversation.append(view.element);
  setBusy(true);
  input.value = "";
  try {
    const runId = await startRun(message);
    current = { runId, view };
    view.started(runId);
    stopButton.disabled = false;
    for await (const event of streamRunEvents(eventsUrl(runId))) {
      const follow = nearBottom();
      view.apply(event);
      if (follow) scrollToEnd();
    }
    if (!view.finished) view.failed(new Error("the stream ended before the run did."));
  } catch (error) {
    view.failed(error instanceof Error ? error : new Error(String(error)));
  } finally {
    current = undefined;
    setBusy(false);
    scrollToEnd();
  }
}

/** Asks the server to abort the current run. */
async function stop() {
  if (!current) return;
  stopButton.disabled = true;
  current.view.stopping();
  try {
    await abortRun(current.runId);
  } catch (error) {
    current?.view.failed(error instanceof Error ? error : new Error(String(error)));
  }
}

/** @param {boolean} busy */
function setBusy(busy) {
  sendButton.disabled = busy;
  stopButton.disabled = true;
  document.body.dataset.busy = String(busy);
  if (!busy) input.focus();
}

function nearBottom() {
  return window.innerHeight + window.scrollY >= document.body.scrollHeight - 120;
}

function scrollToEnd() {
  window.scrollTo({ top: document.body.scrollHeight });
}
