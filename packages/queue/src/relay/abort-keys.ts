/** The pub/sub channel on which aborts are announced to every worker. */
export function abortChannel(prefix: string, queueName: string): string {
  return `${prefix}:queue:${queueName}:abort`;
}

/** The key that remembers an abort for a worker that picks the run up later. */
export function abortKey(prefix: string, runId: string): string {
  return `${prefix}:run:{${runId}}:abort`;
}
