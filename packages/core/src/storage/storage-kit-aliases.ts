/**
 * The adapter runtime that moved to `@baton/core/storage-kit`, still reachable from
 * the root of `@baton/core` for one release.
 */
import * as kit from "../storage-kit/index.js";

/** @deprecated Import it from `@baton/core/storage-kit`; the root export goes away in the next release. */
export const checkConversationMessage = kit.checkConversationMessage;
/** @deprecated Import it from `@baton/core/storage-kit`; the root export goes away in the next release. */
export const checkConversationParts = kit.checkConversationParts;
/** @deprecated Import it from `@baton/core/storage-kit`; the root export goes away in the next release. */
export const checkMessages = kit.checkMessages;
/** @deprecated Import it from `@baton/core/storage-kit`; the root export goes away in the next release. */
export const checkRunCheckpoint = kit.checkRunCheckpoint;
/** @deprecated Import it from `@baton/core/storage-kit`; the root export goes away in the next release. */
export const checkSummary = kit.checkSummary;
/** @deprecated Import it from `@baton/core/storage-kit`; the root export goes away in the next release. */
export const checkToolOutput = kit.checkToolOutput;
/** @deprecated Import it from `@baton/core/storage-kit`; the root export goes away in the next release. */
export const checkUsageRecord = kit.checkUsageRecord;
/** @deprecated Import it from `@baton/core/storage-kit`; the root export goes away in the next release. */
export const parseStoredJson = kit.parseStoredJson;
/** @deprecated Import it from `@baton/core/storage-kit`; the root export goes away in the next release. */
export const storedToolOutput = kit.storedToolOutput;
