import type { RunEventLogHead, StreamEvent } from "@baton/sdk";
import { HttpError } from "../../http/http-error.js";
import type { QueueRoutesState } from "./queue-routes-state.js";

/** Where run `id`'s event log stands; a 404 {@link HttpError} when Redis knows nothing of it (never queued, or expired). */
export async function findQueuedRun(state: QueueRoutesState, id: string | undefined): Promise<{ runId: string; head: RunEventLogHead }> {
  const head = id === undefined ? undefined : await state.queue.events.head(id);
  if (id === undefined || head === undefined)
    throw new HttpError(404, "RUN_NOT_FOUND", `No run ${JSON.stringify(id ?? "")}: it never started, or it ended a while ago.`);
  return { runId: id, head };
}

/** The last event of an ended run's log (its root `run-end`, or the `error` of a job that failed for good). */
export async function lastEventOf(state: QueueRoutesState, runId: string, head: RunEventLogHead): Promise<StreamEvent | undefined> {
  if (head.lastSeq < 1) return undefined;
  const controller = new AbortController();
  try {
    for await (const batch of state.queue.events.read(runId, head.lastSeq - 1, controller.signal)) {
      const last = batch.at(-1);
      if (last !== undefined) return last;
    }
    return undefined;
  } finally {
    controller.abort();
  }
}
