import type { EventSubscription } from "@baton/events";
import type { StreamEvent } from "@baton/sdk";

/**
 * The first `count` events of `subscription`, then the end (the subscription is
 * closed): a stream that stops early, as a dropped connection does.
 */
export async function* takeEvents(subscription: EventSubscription, count: number): AsyncGenerator<StreamEvent> {
  let taken = 0;
  try {
    if (count <= 0) return;
    for await (const event of subscription) {
      yield event;
      if (++taken >= count) return;
    }
  } finally {
    subscription.close();
  }
}
