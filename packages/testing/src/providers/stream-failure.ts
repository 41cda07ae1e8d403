import type { ModelStreamPart } from "@baton/core";
import { startProviderServer } from "./provider-server.js";

/** Reads `stream` to its end and returns what it rejected with; throws when it ended without failing. */
export async function streamFailure(stream: AsyncIterable<ModelStreamPart>): Promise<unknown> {
  try {
    for await (const _part of stream) void _part;
  } catch (error) {
    return error;
  }
  throw new Error("the stream did not fail");
}

/** A loopback URL nothing listens on (a provider server started and closed again): connections are refused. */
export async function refusedProviderURL(): Promise<string> {
  const dead = await startProviderServer();
  await dead.close();
  return dead.url;
}
