// Changelog lines for `changeset version`: the changesets CLI's default (git) lines,
// except in the first release, which reads as one. While first-release changesets
// (`.changeset/0-first-release-<package>.md`, what the package offers) are pending,
// they are the only lines: the other changesets describe how the packages changed
// before anyone could install them (moves, renames, deprecations), which a first
// CHANGELOG entry has no use for. A dependency's first release (from version 0.0.0) is
// not listed as an update either: in the first release every package is new, so
// "Updated dependencies" under each of them would say nothing.
const { readdirSync } = require("node:fs");
const { join } = require("node:path");
const defaults = require("@changesets/cli/changelog").default;

const FIRST_RELEASE_FROM = "0.0.0";
/** The file name (and id) prefix of a first-release changeset. */
const FIRST_RELEASE_CHANGESET = "0-first-release-";

/** Whether the release being versioned is the first one: first-release changesets are pending (changeset version runs at the root). */
function firstReleasePending() {
  try {
    return readdirSync(join(process.cwd(), ".changeset")).some((file) => file.startsWith(FIRST_RELEASE_CHANGESET));
  } catch {
    return false;
  }
}

/** @type {import("@changesets/types").ChangelogFunctions} */
module.exports = {
  async getReleaseLine(changeset, type, options) {
    if (!changeset.id.startsWith(FIRST_RELEASE_CHANGESET) && firstReleasePending()) return "";
    return defaults.getReleaseLine(changeset, type, options);
  },
  async getDependencyReleaseLine(changesets, dependenciesUpdated, options) {
    const updated = dependenciesUpdated.filter((dependency) => dependency.oldVersion !== FIRST_RELEASE_FROM);
    const ids = new Set(updated.flatMap((dependency) => dependency.changesets));
    return defaults.getDependencyReleaseLine(
      changesets.filter((changeset) => ids.has(changeset.id)),
      updated,
      options,
    );
  },
};
