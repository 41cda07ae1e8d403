// Loaded with `node --import`: makes the packages named in BATON_TEST_HIDDEN_PACKAGES
// (comma-separated) fail to resolve as a package that is not installed does
// (ERR_MODULE_NOT_FOUND, "Cannot find package '<name>'"), for the command's tests of
// its optional peer dependencies.
import { register } from "node:module";

register("./hide-packages-hooks.mjs", import.meta.url);
