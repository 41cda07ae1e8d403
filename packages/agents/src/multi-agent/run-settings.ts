import type { AgentDefinition } from "./agent-definition.js";

/** The model, provider and limits a definition sets (those it leaves out are not set). */
export interface DefinitionRunSettings {
  readonly model?: string;
  readonly provider?: NonNullable<AgentDefinition["provider"]>;
  readonly toolCallLimit?: number;
  readonly maxIterations?: number;
}

/** The run settings of `definition`, for a nested run or the loop's options. */
export function runSettingsOf(definition: AgentDefinition): DefinitionRunSettings {
  return {
    ...(definition.model === undefined ? {} : { model: definition.model }),
    ...(definition.provider === undefined ? {} : { provider: definition.provider }),
    ...(definition.toolCallLimit === undefined ? {} : { toolCallLimit: definition.toolCallLimit }),
    ...(definition.maxIterations === undefined ? {} : { maxIterations: definition.maxIterations }),
  };
}
