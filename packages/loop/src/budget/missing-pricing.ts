import { ConfigurationError } from "@baton/core";

/** The error for a cost budget on a model whose prices are unknown. */
export function missingPricing(model: string, providerId: string): ConfigurationError {
  return new ConfigurationError(
    `Option "costBudget" needs the prices of model "${model}", but provider "${providerId}" has none (getModelInfo(model).pricing).`,
  );
}
