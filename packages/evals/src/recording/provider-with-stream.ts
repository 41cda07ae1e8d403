import type { ModelProvider, ModelRequest, ModelStreamPart } from "@baton/core";

/**
 * A provider with `inner`'s id and model information whose calls go through `stream`
 * (a recorder's, a cache's): what wraps a provider without changing what it is.
 */
export function providerWithStream(inner: ModelProvider, stream: (request: ModelRequest) => AsyncIterable<ModelStreamPart>): ModelProvider {
  const wrapped: ModelProvider = { id: inner.id, stream };
  if (inner.getModelInfo) return { ...wrapped, getModelInfo: (modelId) => inner.getModelInfo?.(modelId) };
  return wrapped;
}
