import { retryAfterMs as kitRetryAfterMs } from "@baton/core/provider-kit";

/**
 * How long a provider asked to wait, in ms, from `retry-after-ms` / `retry-after`.
 * @deprecated Import `retryAfterMs` from `@baton/core/provider-kit`; this re-export goes away in the next release.
 */
export const retryAfterMs = kitRetryAfterMs;
