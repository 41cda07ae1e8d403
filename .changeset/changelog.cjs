// Changelog lines for `changeset version`: the changesets CLI's default (git) lines,
// except that a dependency's first release (from version 0.0.0) is not listed as an
// update: in the first release every package is new, so "Updated dependencies" under
// each of them would say nothing.
const defaults = require("@changesets/cli/changelog").default;

const FIRST_RELEASE_FROM = "0.0.0";

/** @type {import("@changesets/types").ChangelogFunctions} */
module.exports = {
  getReleaseLine: defaults.getReleaseLine,
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
