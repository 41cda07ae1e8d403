/**
 * The former names of the progress classes, still exported for one release: a
 * progress group was called `EventManager` and a step `ProgressEvent`, though neither
 * is a stream event.
 */
import { ProgressGroup, type ProgressGroupOptions } from "./progress-group.js";
import { ProgressStep } from "./progress-step.js";

/** @deprecated Use {@link ProgressGroup}; the name `EventManager` goes away in the next release. */
export const EventManager = ProgressGroup;
/** @deprecated Use {@link ProgressGroup}; the name `EventManager` goes away in the next release. */
export type EventManager = ProgressGroup;
/** @deprecated Use {@link ProgressGroupOptions}; the name goes away in the next release. */
export type EventManagerOptions = ProgressGroupOptions;
/** @deprecated Use {@link ProgressStep}; the name `ProgressEvent` goes away in the next release. */
export const ProgressEvent = ProgressStep;
/** @deprecated Use {@link ProgressStep}; the name `ProgressEvent` goes away in the next release. */
export type ProgressEvent = ProgressStep;
