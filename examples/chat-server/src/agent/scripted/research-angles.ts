/** One of the two ways the researchers look at a question. */
export interface ResearchAngle {
  /** `facts` or `context`. */
  readonly name: "facts" | "context";
  /** Shown in progress steps and the answer: `Facts`, `Context`. */
  readonly label: string;
  /** The task in a few words, for the briefing step. */
  readonly task: string;
  /** The researcher's instructions. */
  readonly instructions: string;
  /** Which search match the researcher reports: 0 = the best, 1 = the runner-up. */
  readonly pick: number;
}

/** The two researchers the `research` tool runs in parallel, in this order. */
export const RESEARCH_ANGLES: readonly ResearchAngle[] = [
  {
    name: "facts",
    label: "Facts",
    task: "the passage that answers the question most directly",
    instructions: "You are a researcher. Search the knowledge base and report the passage that answers the question most directly, with its source.",
    pick: 0,
  },
  {
    name: "context",
    label: "Context",
    task: "useful context beyond the direct answer",
    instructions:
      "You are a researcher. Search the knowledge base and report useful context beyond the most direct answer (the runner-up passage), with its source.",
    pick: 1,
  },
];
