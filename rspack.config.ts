import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Configuration } from '@rspack/cli';
import { rspack, type Compiler } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { writePluginRegistry } from './scripts/plugins/registry.cjs';

/**
 * Two builds: the app (a UMD library with qiankun lifecycle exports, served at /spa/sport-pc/) and the demo host
 * site (served at /newSport). The dev server runs the app alone with React refresh and proxies the platform.
 */
const root = __dirname;
// The app's plugin list: one import per folder under plugins/ and PLUGIN_DIRS (a new folder needs a restart of
// `npm run dev`).
writePluginRegistry();
/**
 * Where the build goes: dist/ unless DIST_DIR says otherwise. The end-to-end suite builds the app with its fixture
 * plugins (PLUGIN_DIRS=tests/fixtures/plugins) into a folder of its own (tests/e2e/support/pluginSite.ts), so the
 * production build in dist/ never holds them.
 */
const distRoot = path.resolve(root, process.env.DIST_DIR ?? 'dist');
/**
 * Production builds have no source maps unless SOURCE_MAPS=1: then hidden ones (no sourceMappingURL comment) go to
 * dist-maps/, which the platform never serves, for an operator's error tracker. Served maps would publish the
 * app's whole source.
 */
const productionMaps = process.env.SOURCE_MAPS === '1';
const platform = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

/**
 * Writes which files each named chunk (webpackChunkName) became, beside the served folders (never served): the
 * end-to-end tests check which chunks a page loads by these names while the file names carry only ids.
 */
class ChunkNamesPlugin {
  constructor(private readonly file: string) {}

  apply(compiler: Compiler) {
    compiler.hooks.done.tap('ChunkNamesPlugin', (stats) => {
      const names: Record<string, string[]> = {};
      for (const chunk of stats.toJson({ all: false, chunks: true }).chunks ?? []) {
        for (const name of chunk.names ?? []) names[name] = [...(names[name] ?? []), ...(chunk.files ?? [])];
      }
      mkdirSync(path.dirname(this.file), { recursive: true });
      writeFileSync(this.file, `${JSON.stringify(names, null, 1)}\n`);
    });
  }
}

/**
 * Writes a gzip copy beside each script and style sheet (`main.3f9a1c2b.js.gz`) that the platform sends to browsers
 * that accept gzip (server/src/routes/static, @fastify/static's preCompressed): the initial JavaScript is about a
 * third of its size compressed, which on a 4G link is most of the first screen's wait (issue 30, the first-list
 * bench). Compressed once here at the highest level rather than per response. Files under 1 KB stay as they are:
 * the saving would not cover the headers. Brotli (quality 11) would save another ~15 % but costs ~5 s a build.
 */
class PrecompressPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PrecompressPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, (assets) => {
        for (const [name, asset] of Object.entries(assets)) {
          if (!/\.(js|css)$/.test(name)) continue;
          const source = asset.buffer();
          if (source.length < 1024) continue;
          compilation.emitAsset(`${name}.gz`, new rspack.sources.RawSource(gzipSync(source, { level: 9 })));
        }
      });
    });
  }
}

function common(mode: string, publicPath: string, outDir: string): Configuration {
  const production = mode === 'production';
  return {
    mode: production ? 'production' : 'development',
    context: root,
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
    output: {
      path: path.join(distRoot, outDir),
      publicPath,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      // Lazy chunks by id, not name: the initial bundle carries a map of every chunk's file name, and names (about 90
      // chunks, e.g. "plugin-sport-football-text-live") cost it about 0.5 KB gzip. Tests that watch which chunk loads
      // read the names from the build's chunk list (ChunkNamesPlugin).
      chunkFilename: production ? '[id].[contenthash:8].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: production ? '[id].[contenthash:8].css' : '[name].css',
      // The spec's lazy chunk load timeout.
      chunkLoadTimeout: 120_000,
      clean: true,
    },
    module: {
      // `import styles from './X.module.css'` everywhere: one default object of class names.
      parser: { 'css/module': { namedExports: false } },
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production, refresh: !production } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.module\.css$/, type: 'css/module' },
        { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
      ],
    },
    performance: { hints: false },
    plugins: [
      new ChunkNamesPlugin(path.join(distRoot, `${outDir.replace(/\//g, '-')}.chunks.json`)),
      new rspack.DefinePlugin({ __BUILD_VERSION__: JSON.stringify(process.env.npm_package_version ?? 'dev') }),
      // moment ships every locale by default; the app formats dates itself, so none is needed.
      new rspack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /moment$/ }),
      ...(production ? [new PrecompressPlugin()] : []),
      ...(production && productionMaps
        ? [new rspack.SourceMapDevToolPlugin({ filename: `${path.relative(path.join(distRoot, outDir), path.join(root, 'dist-maps', outDir))}/[file].map`, append: false })]
        : []),
    ],
  };
}

export default defineConfig((env: Record<string, unknown>, argv: { mode?: string }) => {
  const mode = argv.mode ?? 'production';
  const serving = Boolean(env.RSPACK_SERVE);

  const app = common(mode, '/spa/sport-pc/', 'spa/sport-pc');
  app.name = 'app';
  app.entry = { main: './src/main.tsx' };
  app.output = {
    ...app.output,
    // Classic scripts, not ES modules: qiankun evaluates the child's scripts and cannot run `export`.
    library: { name: 'sport-pc', type: 'umd' },
    uniqueName: 'sport-pc',
    chunkLoadingGlobal: 'webpackJsonp_sport-pc',
    globalObject: 'window',
  };
  app.plugins!.push(new rspack.HtmlRspackPlugin({ template: './src/index.html', title: 'sport-pc' }));
  if (serving) {
    app.plugins!.push(new ReactRefreshRspackPlugin());
    app.devServer = {
      port: Number(process.env.DEV_PORT ?? 3000),
      historyApiFallback: { index: '/spa/sport-pc/index.html' },
      proxy: [{ context: ['/api', '/v1', '/ssapi', '/healthz', '/openapi.json'], target: platform }, { context: ['/push', '/chat'], target: platform, ws: true }],
      hot: true,
    };
    return app;
  }

  const host = common(mode, '/newSport/', 'newSport');
  host.name = 'host';
  host.entry = { host: './src/demoHost/main.tsx' };
  host.plugins!.push(new rspack.HtmlRspackPlugin({ template: './src/demoHost/index.html', title: 'sport-pc demo host' }));
  return [app, host];
});
