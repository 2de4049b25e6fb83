// How dependency-cruiser reads TypeScript in this project: TypeScript 7 has no JavaScript API and dependency-cruiser's
// swc parser cannot read TSX, so babel strips the types first. A type-only import crosses a boundary as much as a
// value import does (a plugin reading an app internal's type is coupled to it), so every type import and type
// re-export is turned into a bare `import 'source'` before the TypeScript preset would drop it.
function keepTypeImports({ types: t }) {
  const bare = (path) => path.replaceWith(t.importDeclaration([], t.stringLiteral(path.node.source.value)));
  const typeOnly = (node, kind) => node[kind] === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s[kind] === 'type'));
  return {
    visitor: {
      // Program enter, not ImportDeclaration: the TypeScript preset removes type imports when it enters the program,
      // and a plugin's visitor for the same node runs before a preset's.
      Program(program) {
        program.traverse({
          ImportDeclaration(path) {
            if (typeOnly(path.node, 'importKind')) bare(path);
          },
          ExportNamedDeclaration(path) {
            if (path.node.source && typeOnly(path.node, 'exportKind')) bare(path);
          },
        });
      },
    },
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  plugins: [keepTypeImports],
  presets: [['@babel/preset-typescript', { isTSX: true, allExtensions: true, onlyRemoveTypeImports: true }]],
};
