import { randomUUID } from "node:crypto";
import { runChatAgent } from "../agent/chat-agent.js";
import { HttpError } from "../http/http-error.js";
import { readJsonBody } from "../http/read-json-body.js";
import type { Route } from "../http/router.js";
import { sendJson } from "../http/send-json.js";
import type { RunRoutesState } from "./run-routes-state.js";

/** Longest message accepted, in characters. */
export const MAX_MESSAGE_LENGTH = 2000;

/** `Retry-After` of a 429 (too many runs), in seconds: about a run's length at the default speed. */
export const RETRY_AFTER_SECONDS = 3;

/**
 * `POST /api/runs` with `{ "message": "…" }` starts the agent on the message in a
 * new run session and answers `201 { runId }`; the run's id is the session's id.
 * The run goes on until it ends, is aborted, or every client has left it. With
 * `maxConcurrentRuns` runs going already it answers 429 `TOO_MANY_RUNS` with
 * `Retry-After` instead.
 */
export function createRunRoute(state: RunRoutesState): Route {
  return {
    method: "POST",
    path: /^\/api\/runs$/,
    handle: async ({ req, res }) => {
      const message = messageOf(await readJsonBody(req));
      const going = runsGoing(state);
      if (going >= state.maxConcurrentRuns) {
        throw new HttpError(429, "TOO_MANY_RUNS", `${going} runs are going already (at most ${state.maxConcurrentRuns}). Try again shortly.`, {
          "retry-after": String(RETRY_AFTER_SECONDS),
        });
      }
      const id = randomUUID();
      const recorder = state.recorder;
      state.sessions.create({
        id,
        start: ({ signal, sink }) =>
          runChatAgent({
            message,
            signal: AbortSignal.any([signal, state.shutdown]),
            // The session's sink, and the recorder the run viewer reads.
            sink: recorder
              ? {
                  emit: (event) => {
                    recorder.emit(event);
                    return sink.emit(event);
                  },
                }
              : sink,
            pace: state.pace,
            runId: id,
          }),
      });
      sendJson(res, 201, { runId: id });
    },
  };
}

/** The trimmed message of a `POST /api/runs` body; a 400 `INVALID_MESSAGE` when it is missing, blank or too long. */
export function messageOf(body: unknown): string {
  const message = typeof body === "object" && body !== null ? (body as { message?: unknown }).message : undefined;
  if (typeof message !== "string" || message.trim() === "") throw new HttpError(400, "INVALID_MESSAGE", 'Send { "message": "…" } with a non-empty message.');
  if (message.length > MAX_MESSAGE_LENGTH) throw new HttpError(400, "INVALID_MESSAGE", `The message is longer than ${MAX_MESSAGE_LENGTH} characters.`);
  return message.trim();
}

/** Runs of `state` that have not ended. */
function runsGoing(state: RunRoutesState): number {
  let going = 0;
  for (const session of state.sessions.values()) if (!session.done) going++;
  return going;
}
