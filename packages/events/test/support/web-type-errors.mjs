// Prints, as one JSON array, the type errors of the entry file given as the first
// argument (and of everything it imports) compiled for a Web runtime: DOM types, no
// `@types/node`. A script of its own so that a test runs the compiler in a child
// process and its worker stays responsive while the compiler works.
import ts from "typescript";

const program = ts.createProgram([process.argv[2]], {
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  types: [],
  skipLibCheck: false,
  noEmit: true,
});
const errors = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
process.stdout.write(JSON.stringify(errors));
