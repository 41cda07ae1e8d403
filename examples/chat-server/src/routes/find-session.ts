import type { RunSession } from "@baton/events";
import { HttpError } from "../http/http-error.js";
import type { RunRoutesState } from "./run-routes-state.js";

/** The session of run `id`; a 404 {@link HttpError} when there is none (never started, or dropped after it ended). */
export function findSession(state: RunRoutesState, id: string | undefined): RunSession {
  const session = id === undefined ? undefined : state.sessions.get(id);
  if (session === undefined) throw new HttpError(404, "RUN_NOT_FOUND", `No run ${JSON.stringify(id ?? "")}: it never started, or it ended a while ago.`);
  return session;
}
