import type { Route } from "../../http/router.js";
import { sendJson } from "../../http/send-json.js";
import { RUN_ID_PATTERN } from "../run-routes-state.js";
import { findQueuedRun, lastEventOf } from "./find-queued-run.js";
import type { QueueRoutesState } from "./queue-routes-state.js";

/**
 * Queue mode's `GET /api/runs/:id`: `{ runId, done, result? }` as in the in-process
 * mode, from the run's event log in Redis: done once its stream ended, the result
 * from its root `run-end` (or `stopReason: "error"` and the `error` when the job
 * failed for good).
 */
export function queuedRunStatusRoute(state: QueueRoutesState): Route {
  return {
    method: "GET",
    path: new RegExp(`^/api/runs/${RUN_ID_PATTERN}$`),
    handle: async ({ res, params }) => {
      const { runId, head } = await findQueuedRun(state, params.id);
      if (!head.ended) {
        sendJson(res, 200, { runId, done: false });
        return;
      }
      const last = await lastEventOf(state, runId, head);
      if (last?.type === "run-end") {
        const { stopReason, text, iterations, toolCallCount, usage } = last;
        sendJson(res, 200, { runId, done: true, result: { stopReason, text, iterations, toolCallCount, usage } });
        return;
      }
      const error =
        last?.type === "error"
          ? { code: last.error.code, message: last.error.message }
          : { code: "RUN_FAILED", message: "The run ended without a run-end event." };
      sendJson(res, 200, { runId, done: true, result: { stopReason: "error", text: "", iterations: 0, toolCallCount: 0, error } });
    },
  };
}
