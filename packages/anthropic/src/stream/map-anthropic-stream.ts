import type { ModelStreamPart } from "@baton/core";
import type { AnthropicStreamEvent } from "../sdk-types.js";
import { AnthropicStreamMapper } from "./anthropic-stream-mapper.js";

/**
 * Maps a whole stream of raw Messages API events to Baton stream parts (see
 * {@link AnthropicStreamMapper} for the mapping). A stream that ends without
 * `message_stop` throws `ProviderStreamError`.
 *
 * @example for await (const part of mapAnthropicStream(await client.messages.create({ ...body, stream: true }))) console.log(part);
 */
export async function* mapAnthropicStream(events: AsyncIterable<AnthropicStreamEvent>, requestId?: string): AsyncGenerator<ModelStreamPart, void, undefined> {
  const mapper = new AnthropicStreamMapper(requestId);
  for await (const event of events) {
    const part = mapper.map(event);
    if (part !== undefined) yield part;
  }
  mapper.end();
}
