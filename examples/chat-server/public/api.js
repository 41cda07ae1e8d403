/**
 * The chat server's run API, as the page uses it.
 */

/**
 * Starts a run on `message`; resolves with its id.
 * @param {string} message
 * @returns {Promise<string>}
 */
export async function startRun(message) {
  const response = await fetch("/api/runs", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ message }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body?.error?.message ?? `The server answered ${response.status}.`);
  return body.runId;
}

/**
 * Asks the server to abort run `runId`.
 * @param {string} runId
 */
export async function abortRun(runId) {
  const response = await fetch(`/api/runs/${encodeURIComponent(runId)}/abort`, { method: "POST" });
  if (!response.ok) throw new Error(`Stopping the run failed: the server answered ${response.status}.`);
}

/**
 * URL of run `runId`'s event stream.
 * @param {string} runId
 */
export function eventsUrl(runId) {
  return `/api/runs/${encodeURIComponent(runId)}/events`;
}
