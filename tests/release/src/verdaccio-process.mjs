// A Verdaccio registry in a child process of the suite, on 127.0.0.1 and a free port.
// Started by `startRegistry()` (src/registry.ts) with the storage folder as its only
// argument; it reports `{ port }` over the IPC channel once it listens, and stops when
// its parent disconnects or sends SIGTERM.
//
// @baton/* packages are only ever served from this registry (no uplink: a name the
// release did not publish is a 404, never a package from the public registry); every
// other package comes through the uplink to the public npm registry. Anyone on
// loopback may publish: the suite logs in with a dummy token.
import { join } from "node:path";
import { runServer } from "verdaccio";

const storage = process.argv[2];
if (!storage) throw new Error("usage: verdaccio-process.mjs <storage folder>");

const server = await runServer({
  self_path: storage,
  storage: join(storage, "packages"),
  auth: { htpasswd: { file: join(storage, "htpasswd"), max_users: -1 } },
  uplinks: { npmjs: { url: "https://registry.npmjs.org/", timeout: "60s", maxage: "30m" } },
  packages: {
    "@baton/*": { access: "$all", publish: "$all", unpublish: "$all" },
    "**": { access: "$all", publish: "$all", proxy: "npmjs" },
  },
  max_body_size: "100mb",
  web: { enable: false },
  log: { type: "stdout", format: "pretty", level: "warn" },
});

server.listen(0, "127.0.0.1", () => {
  process.send?.({ port: server.address().port });
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections?.();
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on("SIGTERM", stop);
process.on("disconnect", stop);
