/**
 * An error the server answers with a status and a JSON body
 * `{ error: { code, message } }`. `code` is stable (`NOT_FOUND`, `BAD_REQUEST`, …).
 */
export class HttpError extends Error {
  /** HTTP status of the response. */
  readonly status: number;
  /** Stable code for clients to match on. */
  readonly code: string;

  /** Extra response headers (`Retry-After`, …). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, code: string, message: string, headers: Readonly<Record<string, string>> = {}) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}
