import { QueueUnavailableError } from "@baton/queue";
import { HttpError } from "../../http/http-error.js";
import type { Route } from "../../http/router.js";

/**
 * A queue-mode route that answers `503 QUEUE_UNAVAILABLE` with `Retry-After` when the
 * queue's Redis does not answer in time or cannot be reached: every call of
 * `@baton/queue` gives up within its `commandTimeoutMs` (2 s) with a
 * `QueueUnavailableError`, which becomes that answer (its details stay in the server).
 * The queue reconnects by itself, so the same request succeeds once Redis is back.
 * A stream that already started when Redis went away breaks instead; the client
 * reconnects with `Last-Event-ID`.
 */
export function answeringUnavailable(route: Route): Route {
  return {
    ...route,
    handle: async (context) => {
      try {
        await route.handle(context);
      } catch (error) {
        if (!QueueUnavailableError.isInstance(error)) throw error;
        throw new HttpError(503, "QUEUE_UNAVAILABLE", "The run queue is not reachable right now. Try again in a moment.", {
          "retry-after": String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))),
        });
      }
    },
  };
}
