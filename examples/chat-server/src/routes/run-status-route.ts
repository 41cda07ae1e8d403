import type { Route } from "../http/router.js";
import { sendJson } from "../http/send-json.js";
import { findSession } from "./find-session.js";
import { RUN_ID_PATTERN, type RunRoutesState } from "./run-routes-state.js";

/**
 * `GET /api/runs/:id` tells whether the run is done and, once it is, how it
 * ended: `{ runId, done, result?: { stopReason, text, iterations, toolCallCount, usage } }`.
 */
export function runStatusRoute(state: RunRoutesState): Route {
  return {
    method: "GET",
    path: new RegExp(`^/api/runs/${RUN_ID_PATTERN}$`),
    handle: async ({ res, params }) => {
      const session = findSession(state, params.id);
      if (!session.done) {
        sendJson(res, 200, { runId: session.id, done: false });
        return;
      }
      const result = await session.result;
      const { stopReason, text, iterations, toolCallCount } = result;
      sendJson(res, 200, { runId: session.id, done: true, result: { stopReason, text, iterations, toolCallCount, usage: result.usage.total } });
    },
  };
}
