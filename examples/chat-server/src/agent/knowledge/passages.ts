/** One passage of the example's small knowledge base. */
export interface Passage {
  /** Stable id, e.g. `sse-replay`. */
  readonly id: string;
  /** Where the passage comes from (shown as the source in answers). */
  readonly source: string;
  readonly text: string;
}

/**
 * The knowledge base the researchers search: how Baton streams a run (what this
 * page shows) and how long light takes across the Solar System.
 */
export const PASSAGES: readonly Passage[] = [
  {
    id: "event-seq",
    source: "baton/events.md",
    text: "Every event of a Baton run carries a sequence number (seq) that increases strictly across the whole run tree, nested agents included, starting at 1.",
  },
  {
    id: "sse-replay",
    source: "baton/sse.md",
    text: "Over Server-Sent Events each event's id is its seq. A client that loses the connection reconnects with a Last-Event-ID header and the server replays only the events after it, so no delta is duplicated or missed.",
  },
  {
    id: "backpressure",
    source: "baton/events.md",
    text: "An event sink may return a promise, and the loop waits for it before producing more events. With this backpressure a slow client slows the run down instead of losing events.",
  },
  {
    id: "sub-agents",
    source: "baton/agents.md",
    text: "A tool can run a nested agent with ctx.runSubAgent. Its events stream into the parent run under a deeper agent path such as supervisor/researcher#2, and its token usage is added to the parent's.",
  },
  {
    id: "progress-groups",
    source: "baton/progress.md",
    text: "Tools report progress as steps of named groups with ProgressGroup from @baton/events; a browser rebuilds the same steps from the tool-progress events it receives.",
  },
  {
    id: "abort",
    source: "baton/agents.md",
    text: "Aborting a run stops it within one event. The run still returns a result, with the stop reason aborted and the usage spent so far.",
  },
  {
    id: "content-blocks",
    source: "baton/events.md",
    text: "Each event has a contentIndex naming its content block, such as a text block or a tool batch, so a client can render a streaming run as ordered blocks.",
  },
  {
    id: "run-session",
    source: "baton/sse.md",
    text: "A RunSession keeps a run going while clients come and go. When the last client disconnects, the run is aborted after a grace period unless a client reconnects.",
  },
  {
    id: "light-sun-earth",
    source: "space/light.md",
    text: "Sunlight takes about 8 minutes and 20 seconds (499 seconds) to reach Earth, which orbits about 149.6 million km from the Sun.",
  },
  {
    id: "speed-of-light",
    source: "space/light.md",
    text: "Light travels through a vacuum at 299,792 km per second; no signal carrying information travels faster.",
  },
  {
    id: "light-moon",
    source: "space/light.md",
    text: "Light reflected by the Moon reaches Earth in about 1.3 seconds, since the Moon is about 384,400 km away.",
  },
  {
    id: "mars-signal",
    source: "space/planets.md",
    text: "Radio signals between Earth and Mars take between 3 and 22 minutes one way, depending on where the two planets are in their orbits.",
  },
  {
    id: "jupiter",
    source: "space/planets.md",
    text: "Jupiter is the largest planet of the Solar System, and its moon Ganymede is the largest moon, bigger than the planet Mercury.",
  },
  {
    id: "sun-mass",
    source: "space/sun.md",
    text: "The Sun holds about 99.8 percent of the mass of the Solar System; sunlight leaving its surface was made in the core long before.",
  },
];
