import type { ErrorCode } from "./error-codes.js";

/** JSON-safe details attached to an error. */
export type ErrorDetails = Readonly<Record<string, unknown>>;

/** Options of a {@link BatonError}. */
export interface BatonErrorOptions {
  readonly details?: ErrorDetails;
  readonly cause?: unknown;
  /** True when trying the same thing again may succeed. */
  readonly retryable?: boolean;
}

/** The JSON form of a {@link BatonError}: what logs, events and stored runs carry. */
export interface SerializedError {
  readonly name: string;
  readonly code: ErrorCode;
  readonly message: string;
  readonly retryable: boolean;
  readonly details?: ErrorDetails;
}

/**
 * The base of every error Baton throws or reports. Match on `code`, which is
 * stable, rather than on the class or the message.
 *
 * @example
 * try { await run(options) } catch (error) {
 *   if (error instanceof BatonError && error.code === "PROVIDER_ERROR") retryLater();
 * }
 */
export class BatonError extends Error {
  /** Stable code; see {@link ERROR_CODES}. */
  readonly code: ErrorCode;
  readonly details: ErrorDetails;
  readonly retryable: boolean;

  constructor(code: ErrorCode, message: string, options: BatonErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.details = options.details ?? {};
    this.retryable = options.retryable ?? false;
  }

  /** A JSON-safe form for logs, events and storage. */
  toJSON(): SerializedError {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      retryable: this.retryable,
      ...(Object.keys(this.details).length > 0 ? { details: this.details } : {}),
    };
  }
}

/** True when `error` is a {@link BatonError}, optionally with the given code. */
export function isBatonError(error: unknown, code?: ErrorCode): error is BatonError {
  return error instanceof BatonError && (code === undefined || error.code === code);
}

/** The message of any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
