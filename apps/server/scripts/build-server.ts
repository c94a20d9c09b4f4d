/**
 * Bundles the server (apps/server/src/main.ts and the workspace packages it imports) into one
 * file, apps/server/dist/main.js, which `npm start` runs (docs/decisions/0029-bundled-server.md),
 * and the report export's worker thread into dist/report-export-worker.js beside it.
 *
 *   node apps/server/scripts/build-server.ts [outfile]
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { build, type Plugin } from 'esbuild';

const root = resolve(import.meta.dirname, '../../..');
const defaultOutfile = resolve(root, 'apps/server/dist/main.js');

/**
 * Left to Node at run time: packages with native addons, packages that find files of their own
 * (WebAssembly, worker scripts, static assets) next to their code, a driver's optional native
 * binding, exceljs, which only a workbook download loads, and pdfkit, which reads its fonts' metrics
 * from files beside its code.
 */
const external = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@serialport/*',
  'serialport',
  'fs-native-extensions',
  'pino',
  'pino-pretty',
  '@fastify/swagger-ui',
  'pg-native',
  'exceljs',
  'pdfkit',
];

/**
 * The workspace's sources find files beside them (migrations, the database creation script, the
 * built web app) from `import.meta`; in the bundle each keeps the location of its source file,
 * expressed relative to the bundle so that the built tree can be moved.
 */
function sourceLocations(outfile: string): Plugin {
  return {
    name: 'source-locations',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes('/node_modules/')) return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.')) return { contents: text, loader: 'ts' };
        const fromBundle = relative(dirname(outfile), args.path).split(sep).join('/');
        const located = text
          .replaceAll('import.meta.url', '__sourceUrl')
          .replaceAll('import.meta.dirname', 'sourceDirOf(sourcePathOf(__sourceUrl))')
          .replaceAll('import.meta.filename', 'sourcePathOf(__sourceUrl)');
        const header = [
          "import { dirname as sourceDirOf } from 'node:path';",
          "import { fileURLToPath as sourcePathOf } from 'node:url';",
          `const __sourceUrl = new URL(${JSON.stringify(fromBundle)}, import.meta.url).href;`,
        ].join(' ');
        return { contents: `${header}\n${located}`, loader: 'ts' };
      });
    },
  };
}

/** The report export's worker thread, bundled beside the server's bundle, which starts it. */
const WORKER_BUNDLE = 'report-export-worker';

export async function buildServer(outfile = defaultOutfile): Promise<void> {
  await build({
    entryPoints: {
      [basename(outfile, '.js')]: resolve(root, 'apps/server/src/main.ts'),
      [WORKER_BUNDLE]: resolve(root, 'apps/server/src/modules/reports/report-export-worker.ts'),
    },
    outdir: dirname(outfile),
    define: { REPORT_EXPORT_WORKER_BUNDLE: JSON.stringify(`./${WORKER_BUNDLE}.js`) },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    external,
    plugins: [sourceLocations(outfile)],
    // CommonJS dependencies bundled into an ES module still call require() for Node's modules.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
}

if (import.meta.filename === process.argv[1]) await buildServer(process.argv[2]);
