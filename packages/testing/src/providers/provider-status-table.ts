import type { ProviderFailureKind } from "@baton/core/provider-kit";

/** One row of {@link PROVIDER_STATUS_TABLE}: an HTTP status, the failure it is, and whether it is retried. */
export type ProviderStatusRow = readonly [status: number, kind: ProviderFailureKind, retryable: boolean];

/**
 * The one status rule of `@baton/core/provider-kit`, as every provider adapter must
 * apply it: each adapter's tests serve these statuses from a local server and check the
 * error it maps them to (409 is a retryable conflict, 413 an invalid request).
 */
export const PROVIDER_STATUS_TABLE: readonly ProviderStatusRow[] = Object.freeze([
  [400, "invalid-request", false],
  [401, "authentication", false],
  [403, "authentication", false],
  [404, "invalid-request", false],
  [408, "server", true],
  [409, "server", true],
  [413, "invalid-request", false],
  [422, "invalid-request", false],
  [429, "rate-limit", true],
  [500, "server", true],
  [502, "server", true],
  [503, "overloaded", true],
  [504, "server", true],
  [529, "overloaded", true],
] as const satisfies readonly ProviderStatusRow[]);
