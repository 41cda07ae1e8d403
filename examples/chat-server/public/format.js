/** Nesting depth of an agent path: `supervisor` 0, `supervisor/researcher#2` 1. @param {string} path */
export function depthOf(path) {
  return path.split("/").length - 1;
}

/** The parent's path, or `undefined` for the root agent. @param {string} path */
export function parentPathOf(path) {
  const cut = path.lastIndexOf("/");
  return cut < 0 ? undefined : path.slice(0, cut);
}

/** The agent's display name: `researcher #2` for `supervisor/researcher#2`. @param {string} path */
export function agentLabel(path) {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return name.replace(/#(\d+)$/, " #$1");
}

/** `1,234`. @param {number} count */
export function formatCount(count) {
  return count.toLocaleString("en-US");
}

/** `$0.0042`, `$1.25`. @param {number} usd */
export function formatCost(usd) {
  return usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

/** `85 ms`, `2.4 s`. @param {number} ms */
export function formatDuration(ms) {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** A one-line JSON preview of a value, cut to `max` characters. @param {unknown} value @param {number} [max] */
export function preview(value, max = 120) {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Pretty JSON for a result panel. @param {unknown} value */
export function prettyJson(value) {
  return typeof value === "string" ? value : (JSON.stringify(value, null, 2) ?? String(value));
}

/** What the page says about a run's stop reason. @param {string} stopReason */
export function describeStopReason(stopReason) {
  switch (stopReason) {
    case "completed":
      return "Completed";
    case "aborted":
      return "Stopped — the run was aborted";
    case "error":
      return "Failed";
    default:
      return `Stopped: ${stopReason.replaceAll("_", " ")}`;
  }
}
