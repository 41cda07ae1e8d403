// The module resolution hooks of hide-packages.mjs.
const hidden = new Set((process.env.BATON_TEST_HIDDEN_PACKAGES ?? "").split(",").filter((name) => name !== ""));

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`). */
function packageOf(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

export async function resolve(specifier, context, nextResolve) {
  if (hidden.has(packageOf(specifier))) {
    const error = new Error(`Cannot find package '${packageOf(specifier)}' imported from ${context.parentURL}`);
    error.code = "ERR_MODULE_NOT_FOUND";
    throw error;
  }
  return nextResolve(specifier, context);
}
