import type { Usage } from "@baton/core";

/** Adds a usage record to a run's records, keeping them in the order the calls started. */
export function insertUsage(records: Usage[], record: Usage): void {
  const started = record.startedAt;
  let index = records.length;
  if (started !== undefined) while (index > 0 && (records[index - 1]!.startedAt ?? -Infinity) > started) index--;
  if (index === records.length) records.push(record);
  else records.splice(index, 0, record);
}
