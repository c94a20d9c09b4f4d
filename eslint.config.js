import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { tableOwners } from './eslint-rules/table-owners.js';

/** Which workspace packages each part may import: dependencies point one way. */
const allowedPackages = {
  'packages/contract': [],
  'packages/db': ['@roastery/contract'],
  'packages/plc': ['@roastery/contract'],
  'packages/engine': ['@roastery/contract'],
  'packages/simulator': ['@roastery/contract'],
  'apps/web': ['@roastery/contract'],
};
const allPackages = [
  'contract',
  'db',
  'plc',
  'engine',
  'simulator',
  'server',
  'web',
  'e2e',
  'bench',
];

function packageBoundary(folder, allowed) {
  const forbidden = allPackages
    .map((p) => `@roastery/${p}`)
    .filter((p) => !allowed.includes(p) && !folder.endsWith(p.slice('@roastery/'.length)));
  return {
    files: [`${folder}/**/*.{ts,tsx}`],
    ignores: [`${folder}/**/*.test.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: forbidden.flatMap((p) => [p, `${p}/*`]),
              message: `${folder} may import only ${allowed.join(', ') || 'no workspace package'} (see docs/architecture.md).`,
            },
          ],
        },
      ],
    },
  };
}

/**
 * Web features never import each other; shared code (components, lib, config) never imports a
 * feature. Only src/app, the composition layer, brings features together.
 */
const webLayers = {
  meta: { type: 'problem', messages: { cross: '{{message}}' } },
  create(context) {
    const file = context.filename;
    const src = resolve('apps/web/src');
    const areaOf = (path) => {
      const parts = relative(src, path).split(sep);
      return parts[0] === 'features' ? `features/${parts[1]}` : parts[0];
    };
    const from = areaOf(file);
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const to = areaOf(resolve(dirname(file), source));
        if (!to.startsWith('features/') || to === from || from === 'app') return;
        const message = from.startsWith('features/')
          ? `${from} must not import ${to}: features are independent; share through src/lib or src/components.`
          : `src/${from} must not import ${to}: shared code never depends on a feature.`;
        context.report({ node, messageId: 'cross', data: { message } });
      },
    };
  },
};

/**
 * Server layering: a business module (src/modules/<area>) reaches another area only through its
 * service, never its repository; the plant layer (src/plant) reaches business areas only through
 * their services too. Repositories are each area's own.
 */
const serverLayers = {
  meta: { type: 'problem', messages: { repository: '{{message}}' } },
  create(context) {
    const file = context.filename;
    const src = resolve('apps/server/src');
    const areaOf = (path) => {
      const parts = relative(src, path).split(sep);
      return parts[0] === 'modules' || parts[0] === 'plant' ? `${parts[0]}/${parts[1]}` : parts[0];
    };
    const from = areaOf(file);
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = resolve(dirname(file), source);
        if (!/-repository\.ts$/.test(target)) return;
        const to = areaOf(target);
        if (to === from || !to.startsWith('modules/')) return;
        context.report({
          node,
          messageId: 'repository',
          data: {
            message: `src/${from} must not import ${to}'s repository: call its service (docs/architecture.md).`,
          },
        });
      },
    };
  },
};

/**
 * Server folders depend one way: a folder (modules/<area>, plant/<part>, plugins, lib, or the
 * root files) never imports a folder that imports it. The composition root (app.ts, main.ts)
 * and the tests bring every folder together: they neither count nor are checked.
 */
const serverSrc = resolve('apps/server/src');
const serverFolderOf = (path) => {
  const parts = relative(serverSrc, path).split(sep);
  if (parts.length === 1) return 'src';
  const [top, sub] = parts;
  const grouped = (top === 'modules' || top === 'plant') && parts.length > 2;
  return grouped ? `src/${top}/${sub}` : `src/${top}`;
};
const isCompositionRoot = (path) =>
  /\.test\.ts$/.test(path) || ['app.ts', 'main.ts'].includes(relative(serverSrc, path));
const relativeImport =
  /\b(?:import|export)\s[^'";]*?\bfrom\s*['"](\.[^'"]+)['"]|\bimport\s*\(?\s*['"](\.[^'"]+)['"]/g;

/** Folder -> folder it imports -> the first file that does; read once per lint run. */
let serverFolderGraph;
function folderGraph() {
  if (serverFolderGraph) return serverFolderGraph;
  serverFolderGraph = new Map();
  for (const name of readdirSync(serverSrc, { recursive: true })) {
    const file = join(serverSrc, name);
    if (!file.endsWith('.ts') || isCompositionRoot(file)) continue;
    const from = serverFolderOf(file);
    for (const match of readFileSync(file, 'utf8').matchAll(relativeImport)) {
      const target = resolve(dirname(file), match[1] ?? match[2]);
      if (!target.startsWith(serverSrc + sep)) continue;
      const to = serverFolderOf(target);
      if (to === from) continue;
      if (!serverFolderGraph.has(from)) serverFolderGraph.set(from, new Map());
      const imports = serverFolderGraph.get(from);
      if (!imports.has(to)) imports.set(to, relative(serverSrc, file));
    }
  }
  return serverFolderGraph;
}

const serverFolderCycles = {
  meta: { type: 'problem', messages: { cycle: '{{message}}' } },
  create(context) {
    const file = context.filename;
    const from = serverFolderOf(file);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolve(dirname(file), source);
      if (!target.startsWith(serverSrc + sep)) return;
      const to = serverFolderOf(target);
      const back = to === from ? undefined : folderGraph().get(to)?.get(from);
      if (!back) return;
      context.report({
        node,
        messageId: 'cycle',
        data: {
          message: `${from} imports ${to}, and ${to} imports ${from} (src/${back}): imports between server folders point one way (docs/architecture.md): let one folder declare the little it needs as an interface of its own, or move what both need to the folder that owns it, or to src/lib.`,
        },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tsbuild/**',
      'e2e/artifacts/**',
      'bench/results/**',
      'packages/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, local: { rules: { 'web-layers': webLayers } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'local/web-layers': 'error',
      // A number field with bounds changes what was typed when it loses focus (99,999 becomes
      // the max, 2.5 becomes 3): a wrong number would go through as another one without a word.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXOpeningElement[name.name='InputNumber'] > JSXAttribute[name.name=/^(min|max)$/]",
          message:
            'No min or max on InputNumber: check the range with a rule (schemaRule or numberRange) so that the typed value stays and the message says why.',
        },
        {
          selector:
            "JSXOpeningElement[name.name='InputNumber'] > JSXAttribute[name.name='precision'][value.expression.value=0]",
          message:
            'No precision={0} on InputNumber: it rounds what was typed; refuse a fraction with a rule (numberRange integer, or the contract wholeNumber).',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/app.ts'],
    plugins: { server: { rules: { layers: serverLayers, 'table-owners': tableOwners } } },
    rules: { 'server/layers': 'error', 'server/table-owners': 'error' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/app.ts', 'apps/server/src/main.ts'],
    plugins: { 'server-folders': { rules: { 'one-way': serverFolderCycles } } },
    rules: { 'server-folders/one-way': 'error' },
  },
  ...Object.entries(allowedPackages).map(([folder, allowed]) => packageBoundary(folder, allowed)),
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
