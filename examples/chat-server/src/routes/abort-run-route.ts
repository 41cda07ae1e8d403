import type { Route } from "../http/router.js";
import { sendJson } from "../http/send-json.js";
import { findSession } from "./find-session.js";
import { RUN_ID_PATTERN, type RunRoutesState } from "./run-routes-state.js";

/**
 * `POST /api/runs/:id/abort` aborts the run; its stream then ends with a `run-end`
 * whose stop reason is `aborted`. Answers `202 { runId, aborted }`, `aborted`
 * false when the run had already ended.
 */
export function abortRunRoute(state: RunRoutesState): Route {
  return {
    method: "POST",
    path: new RegExp(`^/api/runs/${RUN_ID_PATTERN}/abort$`),
    handle: ({ res, params }) => {
      const session = findSession(state, params.id);
      const aborted = !session.done;
      if (aborted) session.abort("Stopped by the user.");
      sendJson(res, 202, { runId: session.id, aborted });
    },
  };
}
