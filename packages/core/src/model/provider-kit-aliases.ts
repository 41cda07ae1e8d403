/**
 * The adapter runtime that moved to `@baton/core/provider-kit`, still reachable from
 * the root of `@baton/core` for one release.
 */
import * as kit from "../provider-kit/index.js";

/** @deprecated Import it from `@baton/core/provider-kit`; the root export goes away in the next release. */
export const streamWithRetries = kit.streamWithRetries;
/** @deprecated Import it from `@baton/core/provider-kit`; the root export goes away in the next release. */
export const joinRetryListeners = kit.joinRetryListeners;
/** @deprecated Import it from `@baton/core/provider-kit`; the root export goes away in the next release. */
export type StreamAttempt = kit.StreamAttempt;
/** @deprecated Import it (or `retryDecision`) from `@baton/core/provider-kit`; the root export goes away in the next release. */
export const retryDelay = kit.retryDelay;
/** @deprecated Import it from `@baton/core/provider-kit`; the root export goes away in the next release. */
export const retryAfterMs = kit.retryAfterMs;
/** @deprecated Import it from `@baton/core/provider-kit`; the root export goes away in the next release. */
export type HeaderSource = kit.HeaderSource;
/** @deprecated Import it from `@baton/core/provider-kit`; the root export goes away in the next release. */
export const IdleWatch = kit.IdleWatch;
/** @deprecated Import it from `@baton/core/provider-kit`; the root export goes away in the next release. */
export type IdleWatch = kit.IdleWatch;
/** @deprecated Import it from `@baton/core/provider-kit`; the root export goes away in the next release. */
export const DEFAULT_STREAM_IDLE_TIMEOUT_MS = kit.DEFAULT_STREAM_IDLE_TIMEOUT_MS;
