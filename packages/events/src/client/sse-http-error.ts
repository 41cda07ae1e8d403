import { BatonError } from "@baton/core";
import { EVENTS_ERROR_CODES } from "../errors/events-error-codes.js";
import { excerpt } from "./sse-decode-error.js";

/** The `{ error: { code, message } }` body Baton's SSE endpoints answer errors with. */
export interface SseServerError {
  readonly code?: string;
  readonly message?: string;
}

/**
 * An SSE endpoint answered with an HTTP error status, or with something that is
 * not an event stream. Code `HTTP_ERROR`; `status` is the HTTP status, `body` the
 * answer's text (cut to 2000 characters) and `serverError` its parsed JSON error,
 * if any (e.g. `{ code: "REPLAY_UNAVAILABLE" }` with status 410). Retryable for 5xx.
 */
export class SseHttpError extends BatonError {
  /** The server's JSON error, when the body is `{ "error": { … } }`. */
  readonly serverError: SseServerError | undefined;

  constructor(
    /** HTTP status. */
    readonly status: number,
    /** Response body (cut to 2000 characters). */
    readonly body: string,
    /** The requested URL. */
    readonly url: string,
    /** Replaces the default description (e.g. for a wrong content type). */
    problem?: string,
  ) {
    const serverError = parseServerError(body);
    const what = problem ?? `HTTP ${status}${serverError?.message === undefined ? (body === "" ? "" : `: ${excerpt(body)}`) : `: ${serverError.message}`}`;
    super(EVENTS_ERROR_CODES.HTTP_ERROR, `The event stream request to ${url} failed with ${what}`, {
      retryable: status >= 500,
      details: { status, url, body: excerpt(body), ...(serverError?.code === undefined ? {} : { serverCode: serverError.code }) },
    });
    this.serverError = serverError;
  }
}

function parseServerError(body: string): SseServerError | undefined {
  if (!body.startsWith("{")) return undefined;
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    const error = parsed?.error;
    if (error === null || typeof error !== "object") return undefined;
    const { code, message } = error as Record<string, unknown>;
    return { ...(typeof code === "string" ? { code } : {}), ...(typeof message === "string" ? { message } : {}) };
  } catch {
    return undefined;
  }
}
