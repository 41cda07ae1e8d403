import { describe, expect, it } from "vitest";
import { responseWatchingFetch } from "../../src/client/response-watching-fetch.js";

function sseResponse(events: readonly string[], fail = false): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events) controller.enqueue(encoder.encode(event));
      if (fail) controller.error(new Error("socket hang up"));
      else controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

async function drain(response: Response): Promise<void> {
  await response.text().catch(() => undefined);
}

const post = (message: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(message) });
const request = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "x" } };

describe("responseWatchingFetch", () => {
  it("says nothing when the stream carried the response", async () => {
    let lost = 0;
    const fetch = responseWatchingFetch(
      () => lost++,
      async () => sseResponse(['data: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n\n', 'data: {"jsonrpc":"2.0","id":7,"result":{}}\n\n']),
    );
    await drain(await fetch("http://x", post(request)));
    expect(lost).toBe(0);
  });

  it("reports a stream that ended or broke without the response", async () => {
    let lost = 0;
    await drain(
      await responseWatchingFetch(
        () => lost++,
        async () => sseResponse([]),
      )("http://x", post(request)),
    );
    await drain(
      await responseWatchingFetch(
        () => lost++,
        async () => sseResponse(["data: {}\n\n"], true),
      )("http://x", post(request)),
    );
    expect(lost).toBe(2);
  });

  it("leaves a resumable stream (with event ids) and a cancelled request to the SDK", async () => {
    let lost = 0;
    await drain(
      await responseWatchingFetch(
        () => lost++,
        async () => sseResponse(["id: 1\ndata: \n\n"]),
      )("http://x", post(request)),
    );
    const fetch = responseWatchingFetch(
      () => lost++,
      async (_url, init) => (JSON.parse(String(init?.body)).id === 7 ? sseResponse([]) : new Response(null, { status: 202 })),
    );
    const pending = fetch("http://x", post(request));
    await fetch("http://x", post({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 7 } }));
    await drain(await pending);
    expect(lost).toBe(0);
  });
});
