import type { ProgressItem, ProgressStepStatus, ProgressStepUpdate, SerializedProgressStep } from "@baton/core";
import { ProgressStepEndedError } from "./progress-step-ended-error.js";
import { toReportResult, type ReportResult } from "./report-result.js";
import type { ProgressGroup } from "./progress-group.js";

/** Where a {@link ProgressStep} reports its changes; its {@link ProgressGroup} provides it. */
export interface ProgressStepChannel {
  /** Name of the group the step belongs to. */
  readonly group: string;
  /** Icon of the group. */
  readonly groupIcon: string | undefined;
  /** Receives every change of the step. */
  report(update: ProgressStepUpdate): unknown;
  /** Milliseconds since the epoch. */
  now(): number;
}

/** What {@link ProgressStep.send} accepts: one item, several, or a line of text. */
export type ProgressItemsInput = ProgressItem | readonly ProgressItem[] | string;

/** How a step ends. */
export type ProgressEndStatus = Exclude<ProgressStepStatus, "active">;

function toItems(input: ProgressItemsInput): readonly ProgressItem[] {
  if (typeof input === "string") return [{ kind: "text", text: input }];
  if (Array.isArray(input)) return [...(input as readonly ProgressItem[])];
  return [input as ProgressItem];
}

/**
 * One step of a progress group ("Fetching example.com"): it is active until it
 * ends, collects items (text lines, links, data) and reports every change as a
 * {@link ProgressStepUpdate}. Start steps with {@link ProgressGroup.startStep}.
 *
 * Every method that reports returns what the report returned when it is a promise
 * (the consumer is behind: await it), otherwise nothing.
 *
 * @example
 * const step = progress.startStep("Fetching example.com", "GLOBE");
 * await step.send("Downloaded 12 kB");
 * await step.send({ kind: "link", url: "https://example.com", title: "Example" });
 * step.end(); // or step.end("failed")
 */
export class ProgressStep {
  /** Id of the step, unique within its group (`<group>#<n>`). */
  readonly id: string;
  /** Milliseconds since the epoch when the step was started. */
  readonly startedAt: number;
  private currentTitle: string;
  private currentIcon: string | undefined;
  private currentStatus: ProgressStepStatus = "active";
  private readonly collected: ProgressItem[] = [];
  private endTime: number | undefined;

  /** Starts the step and reports it as active. Use {@link ProgressGroup.startStep} rather than this. */
  constructor(
    private readonly channel: ProgressStepChannel,
    id: string,
    title: string,
    icon?: string,
  ) {
    this.id = id;
    this.currentTitle = title;
    this.currentIcon = icon;
    this.startedAt = channel.now();
    this.report(this.startedAt, undefined);
  }

  /** Title shown for the step. */
  get title(): string {
    return this.currentTitle;
  }

  /** Icon of the step (an application-defined name such as `SEARCH`). */
  get icon(): string | undefined {
    return this.currentIcon;
  }

  /** `active` until {@link ProgressStep.end} is called. */
  get status(): ProgressStepStatus {
    return this.currentStatus;
  }

  /** Whether the step has ended (done or failed). */
  get ended(): boolean {
    return this.currentStatus !== "active";
  }

  /** Items sent so far, in order. */
  get items(): readonly ProgressItem[] {
    return this.collected;
  }

  /** Milliseconds since the epoch when the step ended, if it has. */
  get endedAt(): number | undefined {
    return this.endTime;
  }

  /**
   * Appends items to the step: a string is a line of text. Sending an empty list
   * does nothing. Throws {@link ProgressStepEndedError} once the step has ended.
   */
  send(items: ProgressItemsInput): ReportResult {
    this.assertActive("send items to");
    const added = toItems(items);
    if (added.length === 0) return undefined;
    this.collected.push(...added);
    return this.report(this.channel.now(), added);
  }

  /** Changes the title or icon. Throws {@link ProgressStepEndedError} once the step has ended. */
  update(changes: { readonly title?: string; readonly icon?: string }): ReportResult {
    this.assertActive("update");
    if (changes.title !== undefined) this.currentTitle = changes.title;
    if (changes.icon !== undefined) this.currentIcon = changes.icon;
    return this.report(this.channel.now(), undefined);
  }

  /** Ends the step as `done` (default) or `failed`. Ending a step that already ended does nothing. */
  end(status: ProgressEndStatus = "done"): ReportResult {
    if (this.ended) return undefined;
    this.currentStatus = status;
    this.endTime = this.channel.now();
    return this.report(this.endTime, undefined);
  }

  /** The step as stored in a progress group. */
  serialize(): SerializedProgressStep {
    return {
      id: this.id,
      title: this.currentTitle,
      ...(this.currentIcon === undefined ? {} : { icon: this.currentIcon }),
      status: this.currentStatus,
      items: [...this.collected],
      startedAt: this.startedAt,
      ...(this.endTime === undefined ? {} : { endedAt: this.endTime }),
    };
  }

  private assertActive(action: string): void {
    if (this.ended) throw new ProgressStepEndedError(this.channel.group, this.id, this.currentTitle, this.currentStatus, action);
  }

  private report(at: number, items: readonly ProgressItem[] | undefined): ReportResult {
    const update: ProgressStepUpdate = {
      group: this.channel.group,
      ...(this.channel.groupIcon === undefined ? {} : { groupIcon: this.channel.groupIcon }),
      stepId: this.id,
      title: this.currentTitle,
      ...(this.currentIcon === undefined ? {} : { icon: this.currentIcon }),
      status: this.currentStatus,
      ...(items === undefined ? {} : { items }),
      at,
    };
    return toReportResult(this.channel.report(update));
  }
}
