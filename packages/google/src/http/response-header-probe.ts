/** The `fetch` a probe calls through. */
export type FetchFunction = typeof globalThis.fetch;

const UNDICI_GLOBAL_DISPATCHER = Symbol.for("undici.globalDispatcher.1");

interface Dispatcher {
  dispatch(options: Record<string, unknown>, handler: unknown): boolean;
}

/**
 * A `fetch` for one call that remembers the headers of the response, so errors can
 * carry Google's request id and `retry-after` (the SDK's `ApiError` keeps only the
 * status and body). The adapter passes it per call as `httpOptions.fetch`.
 *
 * Without a `fetch` of the user's, it calls Node's `fetch` with the header and body
 * timeouts off, as the SDK itself does when no `fetch` is given: a thinking model
 * may send nothing for minutes. (Outside Node it calls the global `fetch`.)
 */
export class ResponseHeaderProbe {
  /** The headers of the last response, once one arrived. */
  headers: Headers | undefined;
  /** The fetch to hand to the SDK. */
  readonly fetch: FetchFunction;

  constructor(base?: FetchFunction) {
    const call = base ?? fetchWithoutTimeouts;
    this.fetch = async (input, init) => {
      const response = await call(input, init);
      this.headers = response.headers;
      return response;
    };
  }
}

function fetchWithoutTimeouts(input: Parameters<FetchFunction>[0], init?: RequestInit): Promise<Response> {
  const global = (globalThis as Record<symbol, unknown>)[UNDICI_GLOBAL_DISPATCHER] as Dispatcher | undefined;
  if (typeof global?.dispatch !== "function" || (init !== undefined && "dispatcher" in init)) return fetch(input, init);
  const dispatcher: Dispatcher = { dispatch: (options, handler) => global.dispatch({ ...options, headersTimeout: 0, bodyTimeout: 0 }, handler) };
  return fetch(input, { ...init, dispatcher } as unknown as RequestInit);
}
