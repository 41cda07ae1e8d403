import { randomUUID } from "node:crypto";
import { HttpError } from "../../http/http-error.js";
import { readJsonBody } from "../../http/read-json-body.js";
import type { Route } from "../../http/router.js";
import { sendJson } from "../../http/send-json.js";
import { messageOf, RETRY_AFTER_SECONDS } from "../create-run-route.js";
import type { QueueRoutesState } from "./queue-routes-state.js";

/** BullMQ states of runs that have not ended: counted against `maxConcurrentRuns`. */
export const GOING_STATES = ["active", "waiting", "delayed", "prioritized"] as const;

/**
 * Queue mode's `POST /api/runs` with `{ "message": "…" }`: enqueues the run with
 * `queue.submit(...)` for a worker and answers `201 { runId }` at once (the events
 * route streams it from Redis as the worker runs it). With `maxConcurrentRuns` runs
 * waiting or running in the queue already it answers 429 `TOO_MANY_RUNS` with
 * `Retry-After` instead. Both calls to Redis are bounded (the queue's `commandTimeoutMs`):
 * when Redis does not answer, the route answers 503 (see `answeringUnavailable`).
 */
export function createQueuedRunRoute(state: QueueRoutesState): Route {
  /** Submits of this node not in the queue's counts yet (two POSTs at once must not both pass the cap). */
  let submitting = 0;
  return {
    method: "POST",
    path: /^\/api\/runs$/,
    handle: async ({ req, res }) => {
      const message = messageOf(await readJsonBody(req));
      submitting++;
      try {
        const counts = await state.queue.countJobs(...GOING_STATES);
        const going = GOING_STATES.reduce((sum, name) => sum + (counts[name] ?? 0), 0) + submitting - 1;
        if (going >= state.maxConcurrentRuns) {
          throw new HttpError(429, "TOO_MANY_RUNS", `${going} runs are queued or going already (at most ${state.maxConcurrentRuns}). Try again shortly.`, {
            "retry-after": String(RETRY_AFTER_SECONDS),
          });
        }
        const { runId } = await state.queue.submit({ agent: state.agent, input: message, runId: randomUUID() });
        sendJson(res, 201, { runId });
      } finally {
        submitting--;
      }
    },
  };
}
