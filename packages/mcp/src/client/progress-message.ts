import type { Progress } from "@modelcontextprotocol/sdk/types.js";

/**
 * The `tool-progress` message of an MCP progress notification: the server's message,
 * or `progress/total` (`progress` when the total is unknown).
 *
 * @example progressMessage({ progress: 2, total: 5 }) // "2/5"
 */
export function progressMessage(progress: Progress): string {
  if (typeof progress.message === "string" && progress.message !== "") return progress.message;
  return progress.total === undefined ? String(progress.progress) : `${progress.progress}/${progress.total}`;
}

/** The `data` of the `tool-progress` event: the numbers of the notification. */
export function progressData(progress: Progress): { readonly progress: number; readonly total?: number } {
  return progress.total === undefined ? { progress: progress.progress } : { progress: progress.progress, total: progress.total };
}
