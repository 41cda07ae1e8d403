import { optionIs } from "@baton/core";

/** The queue name when none is given. */
export const DEFAULT_QUEUE_NAME = "baton-runs";

/** Events a run's stream keeps when `maxLength` is not given (older ones are trimmed). */
export const DEFAULT_EVENTS_MAX_LENGTH = 10_000;

/** How long a run's events stay after it ended, in ms, when `expireAfterMs` is not given (one hour). */
export const DEFAULT_EVENTS_EXPIRE_AFTER_MS = 3_600_000;

/** Options of the event relay: how much of a run's stream is kept, and for how long after it ended. */
export interface RelayOptions {
  /** Events a run's stream keeps (older ones are trimmed, approximately). Default 10000. */
  readonly maxLength?: number;
  /** How long a run's events stay after the run ended, in ms. Default one hour. */
  readonly expireAfterMs?: number;
}

/** The rules of {@link RelayOptions}. */
export const RELAY_OPTION_RULES = {
  maxLength: optionIs.positiveInteger,
  expireAfterMs: optionIs.positiveInteger,
};

/** Options of the event relay as a worker writes it: {@link RelayOptions}, and how long events wait to be written together. */
export interface WorkerRelayOptions extends RelayOptions {
  /**
   * How long an event waits to be written with the ones the run emits after it, in ms.
   * Default 4: what a step's end, a tool batch and the next step's start emit goes in
   * one batch, written while the run waits on its model. 0 writes each batch as soon as
   * the one before it is written (readers see events sooner, Redis gets more commands);
   * more makes fewer, larger batches. The root `run-end` never waits.
   */
  readonly batchDelayMs?: number;
}

/** The rules of {@link WorkerRelayOptions}. */
export const WORKER_RELAY_OPTION_RULES = {
  ...RELAY_OPTION_RULES,
  batchDelayMs: optionIs.nonNegativeInteger,
};

/** {@link RelayOptions} with defaults. */
export function relayOptionsOf(options: RelayOptions | undefined): { readonly maxLength: number; readonly expireAfterMs: number } {
  return { maxLength: options?.maxLength ?? DEFAULT_EVENTS_MAX_LENGTH, expireAfterMs: options?.expireAfterMs ?? DEFAULT_EVENTS_EXPIRE_AFTER_MS };
}
