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
 * The mark every {@link BatonError} carries, from any copy of `@baton/core`: a
 * registered symbol (`Symbol.for`), so two installed copies (or two bundles) agree on it
 * where `instanceof` does not.
 */
export const BATON_ERROR_MARKER: unique symbol = Symbol.for("baton.error") as never;

/** Markers by class name, made once (`Symbol.for` builds its key each call). */
const classMarkers = new Map<string, symbol>();

/** The registered symbol that marks an instance of the error class named `className` (and of its subclasses). */
export function errorClassMarker(className: string): symbol {
  let marker = classMarkers.get(className);
  if (marker === undefined) classMarkers.set(className, (marker = Symbol.for(`baton.error.${className}`)));
  return marker;
}

/** Sets the markers of `error`: the shared one, and one per class from `target` up to `BatonError`. */
function markError(error: BatonError, target: unknown): void {
  const hidden = { value: true, enumerable: false, writable: false, configurable: false } as const;
  Object.defineProperty(error, BATON_ERROR_MARKER, hidden);
  for (let type = target; typeof type === "function" && type !== Error; type = Object.getPrototypeOf(type)) {
    Object.defineProperty(error, errorClassMarker((type as { name: string }).name), hidden);
  }
}

function hasMarker(value: unknown, marker: symbol): boolean {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[marker] === true;
}

/**
 * The base of every error Baton throws or reports. Match on `code`, which is
 * stable, rather than on the class or the message. To test the kind, use
 * {@link isBatonError} or a class's `isInstance`, not `instanceof`: an app can hold
 * two copies of `@baton/core` (two versions installed, or one bundled twice), and an
 * error made by one copy is not an `instanceof` the other copy's class. Every error
 * carries registered-symbol markers ({@link BATON_ERROR_MARKER}, and one per class)
 * that both copies read the same way.
 *
 * @example
 * try { await run(options) } catch (error) {
 *   if (isBatonError(error, "PROVIDER_RATE_LIMIT")) retryLater();
 *   if (RateLimitError.isInstance(error)) console.log(error.retryAfterMs);
 * }
 */
export class BatonError extends Error {
  /**
   * True when `value` is an instance of this class (or a subclass), made by any copy
   * of `@baton/core`: it reads the class's registered marker instead of the
   * prototype chain. Classes are told apart by name, so keep class names when
   * minifying (esbuild `keepNames`; Baton's own error names rely on them already).
   * @example
   * if (RateLimitError.isInstance(error)) await sleep(error.retryAfterMs ?? 1000);
   */
  static isInstance<T>(this: { readonly prototype: T }, value: unknown): value is T {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class it is called on (a subclass), not BatonError.
    return hasMarker(value, errorClassMarker((this as unknown as { name: string }).name));
  }

  /** Stable code: one of core's `ERROR_CODES`, or a code another package registered in `BatonErrorCodes`. */
  readonly code: ErrorCode;
  readonly details: ErrorDetails;
  readonly retryable: boolean;

  constructor(code: ErrorCode, message: string, options: BatonErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.details = options.details ?? {};
    this.retryable = options.retryable ?? false;
    markError(this, new.target);
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

/**
 * True when `error` is a {@link BatonError} (made by any copy of `@baton/core`),
 * optionally with the given code. Use it instead of `instanceof BatonError`.
 * @example
 * if (isBatonError(error, "STORAGE_CONFLICT")) return retry();
 */
export function isBatonError(error: unknown, code?: ErrorCode): error is BatonError {
  return (hasMarker(error, BATON_ERROR_MARKER) || error instanceof BatonError) && (code === undefined || (error as BatonError).code === code);
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
