import { describe, expect, it } from "vitest";
import * as baton from "./index.js";
import * as core from "@baton/core";
import * as loop from "@baton/loop";
import * as tools from "@baton/tools";
import * as events from "@baton/events";
import * as eventsClient from "@baton/events/client";
import * as client from "./client.js";

describe("baton", () => {
  it("re-exports every runtime export of @baton/core, @baton/loop, @baton/tools and @baton/events", () => {
    for (const source of [core, loop, tools, events]) {
      for (const [name, value] of Object.entries(source)) expect(baton[name as keyof typeof baton], name).toBe(value);
    }
  });

  it("re-exports the browser event client as baton/client", () => {
    expect(Object.keys(client).sort()).toEqual(Object.keys(eventsClient).sort());
    expect(client.decodeSseEvents).toBe(eventsClient.decodeSseEvents);
  });

  it("adds createAgent", () => {
    expect(typeof baton.createAgent).toBe("function");
  });
});
