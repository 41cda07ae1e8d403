import { sendStaticFile } from "../http/static-file.js";
import type { Route } from "../http/router.js";
import { PUBLIC_DIR } from "../paths.js";

/** `GET /` serves the page; `GET /<file>` its scripts and styles from `public/`. */
export function pageRoutes(publicDir = PUBLIC_DIR): Route[] {
  return [
    { method: "GET", path: /^\/$/, handle: ({ res }) => sendStaticFile(res, publicDir, "index.html") },
    {
      method: "GET",
      path: /^\/(?!api\/|modules\/)[\w./-]+\.(?:js|css|svg|png)$/,
      handle: ({ res, url }) => sendStaticFile(res, publicDir, url.pathname.slice(1)),
    },
  ];
}
