import { defineConfig } from "vitest/config";

/**
 * The suite runs twice: against @google/genai 2 (the `@google/genai` dev dependency)
 * and against @google/genai 3 (the `google-genai-v3` alias dev dependency), the two
 * majors the peer range allows. In the second run every `@google/genai` import, the
 * adapter's and the tests', is resolved to version 3, as it is in an application that
 * installed it.
 */
export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: "genai@2", env: { BATON_TEST_GENAI_MAJOR: "2" } } },
      {
        extends: true,
        test: { name: "genai@3", env: { BATON_TEST_GENAI_MAJOR: "3" } },
        resolve: { alias: [{ find: /^@google\/genai(\/.*)?$/, replacement: "google-genai-v3$1" }] },
      },
    ],
  },
});
