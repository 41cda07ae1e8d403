// Events per second through the bus to an async-iterator consumer: an instant model
// streams N text deltas; the consumer is `for await` over `stream()` ("stream"), or
// over a subscription of an `EventHub` the run emits into ("hub").
// Usage: node events-in-process.mjs <N> <stream|hub>. Prints JSON: { events, eventsPerSecond }.
import { run, stream } from "@baton/loop";
import { EventHub } from "@baton/events";
import { median } from "./instant-agent.mjs";
import { instantTextModel } from "./instant-stream.mjs";

const count = Number(process.argv[2] ?? 200_000);
const mode = process.argv[3] ?? "stream";

async function oneRun() {
  const provider = instantTextModel(count);
  let events = 0;
  const start = performance.now();
  if (mode === "stream") {
    for await (const _event of stream({ provider, model: "instant", input: "go" })) events++;
  } else {
    const hub = new EventHub({ replay: 0 });
    const subscription = hub.subscribe();
    const running = run({ provider, model: "instant", input: "go", sinks: [hub] }).finally(() => hub.close());
    for await (const _event of subscription) events++;
    await running;
  }
  return { events, ms: performance.now() - start };
}

// Warm up, then take samples until at least 1.5 s and 5 samples have passed.
const warmEnd = performance.now() + 500;
while (performance.now() < warmEnd) await oneRun();
const rates = [];
let events = 0;
const end = performance.now() + 1500;
while (performance.now() < end || rates.length < 5) {
  const sample = await oneRun();
  events = sample.events;
  rates.push((sample.events / sample.ms) * 1000);
}
console.log(JSON.stringify({ events, eventsPerSecond: median(rates) }));
