import type { EvalCase, EvalRunContext } from "@baton/evals";
import type { RunResult } from "@baton/sdk";
import { createResearchAssistant } from "../agent.js";

/** The moon totals the notes give, as a case expects them: the answer, the calculator's expression and the searches. */
function moonTotal(id: string, bodies: readonly string[], counts: readonly number[]): EvalCase {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const expression = counts.join(" + ");
  const list = bodies.length === 2 ? bodies.join(" and ") : `${bodies.slice(0, -1).join(", ")} and ${bodies.at(-1)}`;
  return {
    id,
    input: `How many known moons do ${list} have together?`,
    expect: {
      contains: `${expression} = ${total} known moons`,
      toolCalled: [
        ...bodies.map((body) => ({ name: "search_notes", arguments: { query: `${body} moons` } })),
        { name: "calculator", arguments: { expression } },
      ],
      toolSequence: ["search_notes", "calculator"],
      noToolErrors: true,
      budget: { iterations: 3 },
    },
    metadata: { kind: "moon total" },
  };
}

/** A question the notes answer in one passage: the assistant searches once and quotes it. */
function lookup(id: string, input: string, note: string, contains: string): EvalCase {
  return {
    id,
    input,
    expect: {
      contains: [contains, note],
      toolCalled: [{ name: "search_notes", arguments: { query: input } }],
      toolSequence: ["search_notes"],
      noToolErrors: true,
      budget: { iterations: 2 },
    },
    metadata: { kind: "lookup" },
  };
}

/** The research assistant's eval: moon totals built from searches and the calculator, and questions one passage answers. */
export const RESEARCH_EVAL: readonly EvalCase[] = [
  moonTotal("mars-jupiter", ["Mars", "Jupiter"], [2, 95]),
  moonTotal("saturn-uranus", ["Saturn", "Uranus"], [274, 28]),
  moonTotal("jupiter-saturn", ["Jupiter", "Saturn"], [95, 274]),
  moonTotal("uranus-neptune", ["Uranus", "Neptune"], [28, 16]),
  moonTotal("earth-mars", ["Earth", "Mars"], [1, 2]),
  moonTotal("mercury-venus", ["Mercury", "Venus"], [0, 0]),
  moonTotal("mars-jupiter-neptune", ["Mars", "Jupiter", "Neptune"], [2, 95, 16]),
  lookup("apollo-11", "When did Apollo 11 land on the Moon?", "earth-and-moon.md", "20 July 1969"),
  lookup("olympus-mons", "What is Olympus Mons?", "mars.md", "tallest volcano"),
  lookup("great-red-spot", "What is the Great Red Spot?", "jupiter.md", "Great Red Spot"),
];

/** Runs one case on the research assistant, on the eval's provider (behind its response cache); `instructions` to try a change of them. */
export function runResearchCase(instructions?: string): (input: string, context: EvalRunContext) => Promise<RunResult> {
  return (input, { provider }) =>
    createResearchAssistant({
      model: { provider, model: "scripted-researcher", notice: "" },
      ...(instructions === undefined ? {} : { instructions }),
    }).agent.run(input);
}
