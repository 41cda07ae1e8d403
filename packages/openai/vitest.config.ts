import { defineConfig } from "vitest/config";

/**
 * The suite runs twice: against openai 6 (the `openai` dev dependency) and against
 * openai 7 (the `openai-v7` alias dev dependency), the two majors the peer range
 * allows. In the second run every `openai` import, the adapter's and the tests', is
 * resolved to openai 7, as it is in an application that installed openai 7.
 */
export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: "openai@6", env: { BATON_TEST_OPENAI_MAJOR: "6" } } },
      {
        extends: true,
        test: { name: "openai@7", env: { BATON_TEST_OPENAI_MAJOR: "7" } },
        resolve: { alias: [{ find: /^openai(\/.*)?$/, replacement: "openai-v7$1" }] },
      },
    ],
  },
});
