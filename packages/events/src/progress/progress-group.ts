import { checkOptions, type ProgressStepUpdate, type SerializedProgressGroup, type ToolExecutionContext } from "@baton/core";
import { ProgressStep, type ProgressStepChannel } from "./progress-step.js";
import { FOR_TOOL_RULES, PROGRESS_GROUP_RULES } from "../options/option-rules.js";

/** Options of a {@link ProgressGroup}. */
export interface ProgressGroupOptions {
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
 * for storage. Inside a tool use {@link ProgressGroup.forTool}: every change becomes a
 * `tool-progress` event with `step`, which a {@link ProgressLog} turns back into the
 * same group on the consumer side.
 *
 * @example
 * const progress = ProgressGroup.forTool(ctx, "Searching the web", "SEARCH");
 * const step = progress.startStep(`Searching for ${args.query}`, "GLOBE");
 * await step.send({ kind: "link", url: hit.url, title: hit.title });
 * step.end();
 * const stored = progress.serialize(); // { name, icon, steps: [...] }
 */
export class ProgressGroup {
  /** Name of the group. */
  readonly name: string;
  /** Icon of the group. */
  readonly icon: string | undefined;
  private readonly steps: ProgressStep[] = [];
  private readonly channel: ProgressStepChannel;

  /** Creates an empty group; nothing is reported until a step is started. */
  constructor(options: ProgressGroupOptions) {
    checkOptions("ProgressGroup", options, PROGRESS_GROUP_RULES);
    this.name = options.name;
    this.icon = options.icon;
    const now = options.now ?? Date.now;
    this.channel = { group: options.name, groupIcon: options.icon, report: options.report, now };
  }

  /**
   * A group whose steps are reported through the tool's `ctx.reportStep`, so they
   * reach the run's consumers as `tool-progress` events. The group is named after
   * the tool unless `name` is given.
   *
   * @example
   * execute: async (args, ctx) => {
   *   const progress = ProgressGroup.forTool(ctx, "Reading files", "FILE");
   *   ...
   * }
   */
  static forTool(ctx: ToolExecutionContext, name: string = ctx.toolName, icon?: string, options: { readonly now?: () => number } = {}): ProgressGroup {
    checkOptions("ProgressGroup.forTool", options, FOR_TOOL_RULES);
    return progressGroupOf({
      name,
      ...(icon === undefined ? {} : { icon }),
      report: (update) => ctx.reportStep(update),
      ...(options.now === undefined ? {} : { now: options.now }),
    });
  }

  /** Starts a step: reports it as active and returns it. Ids are `<name>#1`, `<name>#2`, … */
  startStep(title: string, icon?: string): ProgressStep {
    const step = new ProgressStep(this.channel, `${this.name}#${this.steps.length + 1}`, title, icon);
    this.steps.push(step);
    return step;
  }

  /**
   * The step in progress: the most recently started step that is still active, or,
   * when every step has ended (or there is none), a new step started with this title
   * and icon. An active step is returned as it is: its title is not changed.
   */
  currentStep(title: string, icon?: string): ProgressStep {
    for (let i = this.steps.length - 1; i >= 0; i--) {
      const step = this.steps[i]!;
      if (!step.ended) return step;
    }
    return this.startStep(title, icon);
  }

  /** Every step started so far, in order. */
  getSteps(): readonly ProgressStep[] {
    return [...this.steps];
  }

  /** The group as stored (a `PROGRESS` content part): name, icon and every step. */
  serialize(): SerializedProgressGroup {
    return {
      name: this.name,
      ...(this.icon === undefined ? {} : { icon: this.icon }),
      steps: this.steps.map((step) => step.serialize()),
    };
  }

  /** @deprecated Use {@link ProgressGroup.startStep}; `createEvent` goes away in the next release. */
  createEvent(title: string, icon?: string): ProgressStep {
    return this.startStep(title, icon);
  }

  /** @deprecated Use {@link ProgressGroup.currentStep}; `getOrCreateLatestEvent` goes away in the next release. */
  getOrCreateLatestEvent(title: string, icon?: string): ProgressStep {
    return this.currentStep(title, icon);
  }

  /** @deprecated Use {@link ProgressGroup.getSteps}; `getEvents` goes away in the next release. */
  getEvents(): readonly ProgressStep[] {
    return this.getSteps();
  }
}

/**
 * A new {@link ProgressGroup}, made outside the class body: a class that names itself
 * inside its body loses its name when bundled (`class _ProgressGroup`).
 */
function progressGroupOf(options: ProgressGroupOptions): ProgressGroup {
  return new ProgressGroup(options);
}
