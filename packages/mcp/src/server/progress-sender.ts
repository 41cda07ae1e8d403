import type { ProgressToken, ServerNotification } from "@modelcontextprotocol/sdk/types.js";

/** Sends one progress message of a call; resolves once it is written (never rejects). */
export type ProgressSender = (message: string) => Promise<void> | undefined;

/**
 * The progress sender of one `tools/call`: numbered 1, 2, 3, … (progress must grow),
 * or a sender that sends nothing when the client gave no `progressToken`.
 */
export function progressSender(
  progressToken: ProgressToken | undefined,
  sendNotification: (notification: ServerNotification) => Promise<void>,
): ProgressSender {
  let progress = 0;
  return (message) => {
    if (progressToken === undefined) return undefined;
    progress += 1;
    return sendNotification({ method: "notifications/progress", params: { progressToken, progress, message } }).catch(() => undefined);
  };
}
