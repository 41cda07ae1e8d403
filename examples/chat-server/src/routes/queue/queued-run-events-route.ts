import { sendSse } from "@baton/events/node";
import type { Route } from "../../http/router.js";
import { RECONNECT_DELAY_MS } from "../run-events-route.js";
import { RUN_ID_PATTERN } from "../run-routes-state.js";
import type { QueueRoutesState } from "./queue-routes-state.js";

/**
 * Queue mode's `GET /api/runs/:id/events`: the run's events, read from Redis by the
 * node's follower (`followRunEvents(queue.events)`), as Server-Sent Events. The seqs
 * are the run's own, the same on every node and across a worker's death, so a client
 * resumes with `Last-Event-ID` here or on another node. A run Redis knows nothing of
 * is a 404 `RUN_NOT_FOUND` (answered by `sendSse`).
 */
export function queuedRunEventsRoute(state: QueueRoutesState): Route {
  return {
    method: "GET",
    path: new RegExp(`^/api/runs/${RUN_ID_PATTERN}/events$`),
    handle: async ({ req, res, params }) => {
      await sendSse(req, res, state.follower.run(params.id ?? ""), { heartbeatMs: state.heartbeatMs, retryMs: RECONNECT_DELAY_MS });
    },
  };
}
