import { afterEach, describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/sdk";
import { ask } from "../ask.js";
import { DEFAULT_QUESTION } from "../agent.js";
import { startViewServer, type ViewServer } from "./view-server.js";

let server: ViewServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("--view: the run viewer of the research assistant", () => {
  it("records the run's events and serves its viewer page and events at the printed URL", async () => {
    server = await startViewServer();
    const events: StreamEvent[] = [];
    const result = await ask(DEFAULT_QUESTION, {
      write: () => undefined,
      onEvent: (event) => {
        events.push(event);
        server!.record(event);
      },
    });
    expect(result.stopReason).toBe("completed");
    const runId = events[0]!.runId;
    const url = server.urlOf(runId);
    expect(url).toMatch(new RegExp(`^http://localhost:\\d+/viewer/runs/${runId}$`));

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Baton run viewer");
    const api = await fetch(url.replace("/viewer/runs/", "/viewer/api/runs/"));
    const body = (await api.json()) as { events: StreamEvent[]; ended: boolean };
    expect(body.ended).toBe(true);
    expect(body.events.map((event) => event.seq)).toEqual(events.map((event) => event.seq));
    expect(body.events.filter((event) => event.type === "tool-start").map((event) => (event.type === "tool-start" ? event.toolName : ""))).toEqual([
      "search_notes",
      "search_notes",
      "calculator",
    ]);
    expect((await fetch(url.replace(/\/viewer\/.*$/, "/"))).status).toBe(404);
  });
});
