import type { RunResult } from "baton";
import { createResearchAssistant, type ResearchAssistantOptions } from "./agent.js";
import { createTerminalPrinter } from "./terminal-printer.js";

/** Options of {@link ask}. */
export interface AskOptions extends ResearchAssistantOptions {
  /** Where the output goes. */
  readonly write: (text: string) => void;
  /** Use ANSI colours. Default false. */
  readonly color?: boolean;
  /** Aborts the run (Ctrl-C in the terminal). */
  readonly signal?: AbortSignal;
}

/** Asks the research assistant a question and prints the run as it streams; returns the result. */
export async function ask(question: string, options: AskOptions): Promise<RunResult> {
  const { agent, notice } = createResearchAssistant(options);
  const printer = createTerminalPrinter({ write: options.write, color: options.color ?? false, tools: agent.tools });
  printer.header({ title: "Research assistant · a Baton example", question, notice });
  const running = agent.stream(question, options.signal ? { signal: options.signal } : {});
  for await (const event of running) printer.print(event);
  return running.result;
}
