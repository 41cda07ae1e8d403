import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ResponseStreamScanner } from "./response-stream-scanner.js";

type RequestId = string | number;

/** The ids of the JSON-RPC requests (not notifications) in a POST body, and the ids a `notifications/cancelled` in it cancels. */
function readBody(body: unknown): { readonly requests: RequestId[]; readonly cancelled: RequestId[] } {
  const requests: RequestId[] = [];
  const cancelled: RequestId[] = [];
  if (typeof body !== "string") return { requests, cancelled };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { requests, cancelled };
  }
  for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
    const { id, method, params } = (message ?? {}) as { id?: RequestId; method?: string; params?: { requestId?: RequestId } };
    if (id !== undefined && typeof method === "string") requests.push(id);
    if (method === "notifications/cancelled" && params?.requestId !== undefined) cancelled.push(params.requestId);
  }
  return { requests, cancelled };
}

/**
 * A `fetch` for the Streamable HTTP client transport that notices a lost server. The
 * SDK waits for a response forever (until the request timeout) when the event stream
 * answering a request ends without the response and without an event id to resume
 * from, which is what happens when the server process goes away mid-call. This fetch
 * watches those streams and calls `onResponseLost` then (requests the client had
 * cancelled do not count: the server owes them nothing).
 */
export function responseWatchingFetch(onResponseLost: () => void, baseFetch: FetchLike = fetch): FetchLike {
  const cancelled = new Set<RequestId>();
  return async (url, init) => {
    const { requests, cancelled: cancelling } = init?.method === "POST" ? readBody(init.body) : { requests: [], cancelled: [] };
    for (const id of cancelling) cancelled.add(id);
    const response = await baseFetch(url, init);
    const isEventStream = (response.headers.get("content-type") ?? "").includes("text/event-stream");
    if (requests.length === 0 || response.body === null || !isEventStream) return response;
    const scanner = new ResponseStreamScanner(requests);
    const reader = response.body.getReader();
    const ended = (): void => {
      if (scanner.lostResponses(cancelled)) onResponseLost();
      for (const id of requests) cancelled.delete(id);
    };
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        let step: Awaited<ReturnType<typeof reader.read>>;
        try {
          step = await reader.read();
        } catch (error) {
          controller.error(error);
          ended();
          return;
        }
        if (step.done) {
          controller.close();
          ended();
          return;
        }
        scanner.push(step.value);
        controller.enqueue(step.value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
