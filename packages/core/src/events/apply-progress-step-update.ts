import type { ProgressStepUpdate, SerializedProgressGroup, SerializedProgressStep } from "./progress.js";

/**
 * Applies one {@link ProgressStepUpdate} to a stored group and returns the new group
 * (the input is not changed). Starting from `undefined` and applying every update of
 * a group in order gives what the tool's `ProgressGroup.serialize()` returns: steps in
 * the order they were created, each with its latest title, icon and status, its items
 * appended in order, `startedAt` from its first update and `endedAt` from the update
 * that ended it.
 *
 * @example
 * let group: SerializedProgressGroup | undefined;
 * for (const update of updates) group = applyProgressStepUpdate(group, update);
 */
export function applyProgressStepUpdate(group: SerializedProgressGroup | undefined, update: ProgressStepUpdate): SerializedProgressGroup {
  const steps = group?.steps ?? [];
  const index = steps.findIndex((step) => step.id === update.stepId);
  const previous = index === -1 ? undefined : steps[index];
  const ended = update.status !== "active";
  const endedAt = previous?.endedAt ?? (ended ? update.at : undefined);
  const step: SerializedProgressStep = {
    id: update.stepId,
    title: update.title,
    ...(update.icon === undefined ? {} : { icon: update.icon }),
    status: update.status,
    items: update.items && update.items.length > 0 ? [...(previous?.items ?? []), ...update.items] : (previous?.items ?? []),
    startedAt: previous?.startedAt ?? update.at,
    ...(endedAt === undefined ? {} : { endedAt }),
  };
  const icon = update.groupIcon ?? group?.icon;
  return {
    name: update.group,
    ...(icon === undefined ? {} : { icon }),
    steps: index === -1 ? [...steps, step] : steps.map((existing, i) => (i === index ? step : existing)),
  };
}
