/** A scheme and its `//` (`redis://`, `postgres://`), or a bare `//`. */
const SCHEME = /^(?:[a-z][a-z0-9+.-]*:)?\/\//i;

/**
 * The password of a URL's user info, as written (still percent-encoded):
 * `scheme://user:password@host…`, or `user:password@host…` without a scheme (which
 * ioredis reads). The URL is read as text, not parsed: a URL a parser refuses (a port
 * that is not a number, a broken IPv6 host, a malformed `%` escape) still has its
 * password found, and nothing here throws. `undefined` when there is none.
 *
 * @example
 * urlPassword("redis://default:s3cret@127.0.0.1:notaport"); // "s3cret"
 * urlPassword("postgres://baton@db/app"); // undefined
 */
export function urlPassword(url: string): string | undefined {
  const scheme = SCHEME.exec(url);
  const rest = scheme === null ? url : url.slice(scheme[0].length);
  const end = rest.search(/[/?#]/);
  const authority = end === -1 ? rest : rest.slice(0, end);
  const at = authority.lastIndexOf("@");
  if (at === -1) return undefined;
  const userInfo = authority.slice(0, at);
  const colon = userInfo.indexOf(":");
  if (colon === -1) return undefined;
  return userInfo.slice(colon + 1) || undefined;
}
