import type { Route } from "../../http/router.js";
import { sendJson } from "../../http/send-json.js";
import { RUN_ID_PATTERN } from "../run-routes-state.js";
import { findQueuedRun } from "./find-queued-run.js";
import type { QueueRoutesState } from "./queue-routes-state.js";

/**
 * Queue mode's `POST /api/runs/:id/abort`: `queue.abort(runId)` reaches the worker
 * running it (or stops it before a worker takes it); its stream then ends with a
 * `run-end` whose stop reason is `aborted`. Answers `202 { runId, aborted }`,
 * `aborted` false when the run had already ended.
 */
export function abortQueuedRunRoute(state: QueueRoutesState): Route {
  return {
    method: "POST",
    path: new RegExp(`^/api/runs/${RUN_ID_PATTERN}/abort$`),
    handle: async ({ res, params }) => {
      const { runId, head } = await findQueuedRun(state, params.id);
      const aborted = !head.ended;
      if (aborted) await state.queue.abort(runId, "Stopped by the user.");
      sendJson(res, 202, { runId, aborted });
    },
  };
}
