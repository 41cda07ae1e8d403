import { checkOptions, type ProgressStepUpdate, type SerializedProgressGroup, type ToolExecutionContext } from "@baton/core";
import { ProgressEvent, type ProgressStepChannel } from "./progress-event.js";
import { EVENT_MANAGER_RULES, FOR_TOOL_RULES } from "../options/option-rules.js";

/** Options of an {@link EventManager}. */
export interface EventManagerOptions {
  /** Name of the progress group ("Searching the web"). */
  readonly name: string;
  /** Icon of the group (an application-defined name such as `SEARCH`). */
  readonly icon?: string;
  /**
   * Receives every change of every step, in order. A returned promise is handed back
   * to the caller of the method that reported (backpressure); other values are ignored.
   */
  readonly report: (update: ProgressStepUpdate) => unknown;
  /** Clock for step times, in milliseconds since the epoch. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * A named progress group: the steps a tool (or a tool batch) goes through, each
 * reported as it changes so a consumer can show it live, and serialized at the end
 * for storage. Inside a tool use {@link EventManager.forTool}: every change becomes a
 * `tool-progress` event with `step`, which a {@link ProgressLog} turns back into the
 * same group on the consumer side.
 *
 * @example
 * const progress = EventManager.forTool(ctx, "Searching the web", "SEARCH");
 * const step = progress.createEvent(`Searching for ${args.query}`, "GLOBE");
 * await step.send({ kind: "link", url: hit.url, title: hit.title });
 * step.end();
 * const stored = progress.serialize(); // { name, icon, steps: [...] }
 */
export class EventManager {
  /** Name of the group. */
  readonly name: string;
  /** Icon of the group. */
  readonly icon: string | undefined;
  private readonly events: ProgressEvent[] = [];
  private readonly channel: ProgressStepChannel;

  /** Creates an empty group; nothing is reported until a step is created. */
  constructor(options: EventManagerOptions) {
    checkOptions("EventManager", options, EVENT_MANAGER_RULES);
    this.name = options.name;
    this.icon = options.icon;
    const now = options.now ?? Date.now;
    this.channel = { group: options.name, groupIcon: options.icon, report: options.report, now };
  }

  /**
   * A manager whose steps are reported through the tool's `ctx.reportStep`, so they
   * reach the run's consumers as `tool-progress` events. The group is named after
   * the tool unless `name` is given.
   *
   * @example
   * execute: async (args, ctx) => {
   *   const progress = EventManager.forTool(ctx, "Reading files", "FILE");
   *   ...
   * }
   */
  static forTool(ctx: ToolExecutionContext, name: string = ctx.toolName, icon?: string, options: { readonly now?: () => number } = {}): EventManager {
    checkOptions("EventManager.forTool", options, FOR_TOOL_RULES);
    return new EventManager({
      name,
      ...(icon === undefined ? {} : { icon }),
      report: (update) => ctx.reportStep(update),
      ...(options.now === undefined ? {} : { now: options.now }),
    });
  }

  /** Creates a step, reports it as active and returns it. Ids are `<name>#1`, `<name>#2`, … */
  createEvent(title: string, icon?: string): ProgressEvent {
    const event = new ProgressEvent(this.channel, `${this.name}#${this.events.length + 1}`, title, icon);
    this.events.push(event);
    return event;
  }

  /**
   * The most recently created step that is still active, or a new step with this
   * title and icon when every step has ended (or there is none). An existing step is
   * returned as it is: its title is not changed.
   */
  getOrCreateLatestEvent(title: string, icon?: string): ProgressEvent {
    for (let i = this.events.length - 1; i >= 0; i--) {
      const event = this.events[i]!;
      if (!event.ended) return event;
    }
    return this.createEvent(title, icon);
  }

  /** Every step created so far, in creation order. */
  getEvents(): readonly ProgressEvent[] {
    return [...this.events];
  }

  /** The group as stored (a `PROGRESS` content part): name, icon and every step. */
  serialize(): SerializedProgressGroup {
    return {
      name: this.name,
      ...(this.icon === undefined ? {} : { icon: this.icon }),
      steps: this.events.map((event) => event.serialize()),
    };
  }
}
