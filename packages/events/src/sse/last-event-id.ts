import { InvalidLastEventIdError } from "./invalid-last-event-id-error.js";

/**
 * Request headers as a plain object, lower-case names to values: the shape of Node's
 * `IncomingHttpHeaders` (`req.headers`), declared here so these types need no
 * `@types/node`.
 */
export type HeaderRecord = Readonly<Record<string, string | readonly string[] | undefined>>;

/** A request with plain-object headers and a path: the shape of Node's `IncomingMessage`. */
export interface HeaderRecordRequest {
  readonly headers: HeaderRecord;
  readonly url?: string | undefined;
}

/**
 * Where {@link lastEventIdOf} looks for the last event id a client has: a Web
 * `Request`, `Headers` or `URL`, a URL string, or a Node request (`IncomingMessage`)
 * or its `headers`.
 */
export type LastEventIdSource = Request | Headers | HeaderRecordRequest | HeaderRecord | URL | string;

const LAST_EVENT_ID = "last-event-id";
const QUERY_PARAMETER = "lastEventId";

/**
 * The sequence number a reconnecting client last received: the `Last-Event-ID`
 * header (sent by `EventSource` and by `streamRunEvents`), else the `lastEventId`
 * query parameter (for clients that cannot set headers). `undefined` when neither is
 * there (or the header is empty).
 *
 * @example
 * lastEventIdOf(request); // 41 for "Last-Event-ID: 41"
 * lastEventIdOf("/runs/1/events?lastEventId=7"); // 7
 * @throws InvalidLastEventIdError for a value that is not an integer >= 0.
 */
export function lastEventIdOf(source: LastEventIdSource): number | undefined {
  if (typeof source === "string" || source instanceof URL) return fromUrl(source);
  if (isHeaders(source)) return parseLastEventId(source.get(LAST_EVENT_ID));
  if ("headers" in source && source.headers !== null && typeof source.headers === "object") {
    const message = source as Request | HeaderRecordRequest;
    const header = isHeaders(message.headers) ? message.headers.get(LAST_EVENT_ID) : headerValue(message.headers[LAST_EVENT_ID]);
    const fromHeader = parseLastEventId(header);
    if (fromHeader !== undefined) return fromHeader;
    return typeof message.url === "string" ? fromUrl(message.url) : undefined;
  }
  return parseLastEventId(headerValue((source as HeaderRecord)[LAST_EVENT_ID]));
}

/**
 * Parses a `Last-Event-ID` value: `undefined` for none or an empty string, the
 * number for an integer >= 0.
 *
 * @throws InvalidLastEventIdError for anything else.
 */
export function parseLastEventId(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  if (!/^\d{1,16}$/.test(trimmed)) throw new InvalidLastEventIdError(value);
  const seq = Number(trimmed);
  if (!Number.isSafeInteger(seq)) throw new InvalidLastEventIdError(value);
  return seq;
}

function fromUrl(url: string | URL): number | undefined {
  const parsed = typeof url === "string" ? new URL(url, "http://localhost") : url;
  return parseLastEventId(parsed.searchParams.get(QUERY_PARAMETER));
}

function headerValue(value: string | readonly string[] | undefined): string | undefined {
  return typeof value === "string" || value === undefined ? value : value[value.length - 1];
}

function isHeaders(value: unknown): value is Headers {
  return typeof Headers !== "undefined" && value instanceof Headers;
}
