/** Default prefix of every key the queue writes (besides BullMQ's own). */
export const DEFAULT_QUEUE_PREFIX = "baton";

/** The Redis keys of one run's relayed events. */
export interface RunRelayKeys {
  /** The Redis Stream of the run's events; entry ids are `0-<seq>`. */
  readonly events: string;
  /** A hash: `ended` ("1" once the run's stream ended). */
  readonly meta: string;
}

/** The keys of `runId` under `prefix`. The run id is in braces so both keys share a cluster slot. */
export function runRelayKeys(prefix: string, runId: string): RunRelayKeys {
  return { events: `${prefix}:run:{${runId}}:events`, meta: `${prefix}:run:{${runId}}:meta` };
}

/** The stream entry id of event number `seq`. */
export function entryId(seq: number): string {
  return `0-${seq}`;
}

/** The event number of a stream entry id (`0-<seq>`). */
export function seqOfEntryId(id: string): number {
  const dash = id.indexOf("-");
  return Number(id.slice(dash + 1));
}
