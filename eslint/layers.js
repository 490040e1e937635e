// ESLint rule `local/layers`: the product's layers (ARCHITECTURE.md "Layers"), checked on every import.
//   commands/ and src/shared/ — plain data and isomorphic code: they import each other and packages that run in
//                                 both runtimes, never src/server, src/web, Node's built-ins or a runtime's framework;
//   src/server/                 — imports commands/, src/shared/ and itself; never src/web or browser packages;
//   src/web/                    — imports commands/, src/shared/ and itself; never src/server or server packages.
// Tests, scripts and configuration files sit outside the layers and may import anything.
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

const LAYERS = [
  { name: 'commands', dir: 'commands' },
  { name: 'shared', dir: 'src/shared' },
  { name: 'server', dir: 'src/server' },
  { name: 'web', dir: 'src/web' },
];

/** Which layers each layer may import. */
const MAY_IMPORT = {
  commands: ['commands', 'shared'],
  shared: ['shared', 'commands'],
  server: ['server', 'shared', 'commands'],
  web: ['web', 'shared', 'commands'],
};

const SERVER_PACKAGES = /^(node:|fastify$|@fastify\/|drizzle-orm|drizzle-kit|pg$|@electric-sql\/pglite|pg-boss|esbuild)/;
const WEB_PACKAGES = /^(react$|react\/|react-dom|wouter|jotai|@tanstack\/|ag-grid|@ag-grid-community|cmdk|mousetrap|react-hotkeys-hook|react-hook-form|@hookform\/|lucide-react)/;
/** Packages each layer may not import (by the runtime they belong to). */
const FORBIDDEN_PACKAGES = {
  commands: [SERVER_PACKAGES, WEB_PACKAGES],
  shared: [SERVER_PACKAGES, WEB_PACKAGES],
  server: [WEB_PACKAGES],
  web: [SERVER_PACKAGES],
};

function layerOf(file) {
  const rel = relative(ROOT, file).split(sep).join('/');
  return LAYERS.find((l) => rel === l.dir || rel.startsWith(`${l.dir}/`))?.name;
}

export const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layers: commands and shared are isomorphic; server and web never import each other.' },
    schema: [],
    messages: {
      layer: "A camada '{{from}}' não pode importar '{{to}}' ({{source}}): ver ARCHITECTURE.md, Camadas.",
      pkg: "A camada '{{from}}' não pode importar o pacote '{{source}}', que pertence a outro ambiente de execução.",
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const from = layerOf(file);
    if (!from) return {};
    function check(node, source) {
      if (typeof source !== 'string') return;
      if (source.startsWith('.')) {
        const to = layerOf(resolve(dirname(file), source));
        if (to && !MAY_IMPORT[from].includes(to)) context.report({ node, messageId: 'layer', data: { from, to, source } });
        return;
      }
      if (FORBIDDEN_PACKAGES[from].some((re) => re.test(source))) context.report({ node, messageId: 'pkg', data: { from, source } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { layers } };
