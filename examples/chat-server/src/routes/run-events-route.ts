import type { IncomingMessage } from "node:http";
import { lastEventIdOf } from "@baton/events";
import { sendSse } from "@baton/events/node";
import type { Route } from "../http/router.js";
import { takeEvents } from "./take-events.js";
import { findSession } from "./find-session.js";
import { RUN_ID_PATTERN, type RunRoutesState } from "./run-routes-state.js";

/** Sent as the stream's `retry:` field: how long a client waits before it reconnects. */
export const RECONNECT_DELAY_MS = 500;

/**
 * `GET /api/runs/:id/events` streams the run's events as Server-Sent Events with
 * `sendSse`: a client sending `Last-Event-ID` (header or `lastEventId` query) gets
 * only the events after it. Unknown runs are a 404 JSON error.
 */
export function runEventsRoute(state: RunRoutesState): Route {
  return {
    method: "GET",
    path: new RegExp(`^/api/runs/${RUN_ID_PATTERN}/events$`),
    handle: async ({ req, res, params }) => {
      const session = findSession(state, params.id);
      const options = { heartbeatMs: state.heartbeatMs, retryMs: RECONNECT_DELAY_MS };
      if (state.dropFirstStreamAfter !== undefined && isFirstStream(req)) {
        await sendSse(req, res, takeEvents(session.attach({}), state.dropFirstStreamAfter), options);
        return;
      }
      await sendSse(req, res, session, options);
    },
  };
}

/** True when the request resumes nothing (no Last-Event-ID); an invalid id is left for `sendSse` to refuse. */
function isFirstStream(req: IncomingMessage): boolean {
  try {
    return lastEventIdOf(req) === undefined;
  } catch {
    return false;
  }
}
