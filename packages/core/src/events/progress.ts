/** Where a progress step stands. */
export type ProgressStepStatus = "active" | "done" | "failed";

/** One entry a progress step shows: a line of text, a link, or structured data. */
export type ProgressItem =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "link"; readonly url: string; readonly title?: string }
  | { readonly kind: "data"; readonly data: unknown };

/**
 * A change to one step of a named progress group ("Searching the web" → step
 * "Fetching example.com"), carried by a `tool-progress` event. Applying every update
 * of a group in order rebuilds the group, so a consumer that only sees events (a
 * storage writer, a browser) ends with the same steps as the tool that sent them.
 */
export interface ProgressStepUpdate {
  /** Name of the progress group. */
  readonly group: string;
  /** Icon of the group (an application-defined name such as `SEARCH`). */
  readonly groupIcon?: string;
  /** Id of the step, unique within its group. */
  readonly stepId: string;
  /** Title of the step after this update. */
  readonly title: string;
  /** Icon of the step. */
  readonly icon?: string;
  /** Status of the step after this update. */
  readonly status: ProgressStepStatus;
  /** Items this update appends to the step. */
  readonly items?: readonly ProgressItem[];
  /** Milliseconds since the epoch when the update was made. */
  readonly at: number;
}

/** A progress step as stored: its final title, status and items. */
export interface SerializedProgressStep {
  readonly id: string;
  readonly title: string;
  readonly icon?: string;
  readonly status: ProgressStepStatus;
  readonly items: readonly ProgressItem[];
  readonly startedAt: number;
  readonly endedAt?: number;
}

/** A progress group as stored: the steps a tool (or a tool batch) went through. */
export interface SerializedProgressGroup {
  readonly name: string;
  readonly icon?: string;
  readonly steps: readonly SerializedProgressStep[];
}
