// Prints, as one JSON array of arrays, the type errors of each entry file given as an
// argument (and of everything it imports), each compiled on its own for a Web runtime:
// DOM types, no `@types/node`. Every file is read and parsed once, for all the entries
// (each entry's program is checked by itself). A script of its own so that a test runs
// the compiler in a child process and its worker stays responsive while the compiler works.
import ts from "typescript";

const options = {
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  types: [],
  skipLibCheck: false,
  noEmit: true,
};
const host = ts.createCompilerHost(options);
const parsed = new Map();
const getSourceFile = host.getSourceFile.bind(host);
host.getSourceFile = (file, ...rest) => {
  if (!parsed.has(file)) parsed.set(file, getSourceFile(file, ...rest));
  return parsed.get(file);
};
const errors = process.argv.slice(2).map((entry) => {
  const program = ts.createProgram({ rootNames: [entry], options, host });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
});
process.stdout.write(JSON.stringify(errors));
