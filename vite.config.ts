import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { signedInChunk } from './scripts/signed-in-chunk.ts';

const apiPort = Number(process.env.PORT ?? 3000);
const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};
// Part of the persisted query cache's buster: a release that changes cached shapes bumps the
// version (or CACHE_SCHEMA_VERSION in src/lib/query-client.ts), and old caches are dropped.
const buildId = version;

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
// Below this, the compressed copy saves less than a packet.
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `.br` and `.gz` copies next to every text file of the build (hashed assets, index.html,
 * translations), so the server can send them compressed without compressing on each request.
 */
function precompressedCopies(): Plugin {
  let outDir = 'dist';
  return {
    name: 'karkhana:precompressed-copies',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const fullPath = path.join(outDir, file);
            const source = await readFile(fullPath);
            if (source.length < MIN_COMPRESS_BYTES) return;
            const [brotli, gzipped] = await Promise.all([
              promisify(brotliCompress)(source, {
                params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
              }),
              promisify(gzip)(source, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([
              writeFile(`${fullPath}.br`, brotli),
              writeFile(`${fullPath}.gz`, gzipped),
            ]);
          }),
      );
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    // Prompt mode from the start: switching a deployed app from autoUpdate to prompt later would
    // strand users on the old worker. Registration and the update dialog live in src/lib/pwa.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      includeAssets: ['favicon.svg', 'robots.txt', 'icons/*.png', 'icons/*.svg'],
      manifest: {
        name: 'Karkhana',
        short_name: 'Karkhana',
        description: 'Orders, designs, workers, salaries and expenses for your workshop',
        start_url: '/order-analytics',
        scope: '/',
        display: 'standalone',
        theme_color: '#4338ca',
        background_color: '#f8f9fb',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // The whole shell, every route's chunk and every translation in all three languages
        // (about 250 KB of JSON): any page must load offline, also one never opened before.
        // Translations are revisioned with the build, so they always match the code they serve.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}', 'locales/**/*.json'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
    precompressedCopies(),
  ],
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(buildId),
  },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: what each route loads first, for scripts/check-bundle-budgets.ts.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries under everything, apart from the app's own first-page code, so a
              // release that changes only the app leaves this chunk cached.
              name: 'react-vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            {
              // The libraries and shared code of the signed-in pages, in one file instead of ~80
              // (scripts/signed-in-chunk.ts says which modules and why).
              name: signedInChunk(fileURLToPath(new URL('./src/', import.meta.url))),
              debugName: 'signed-in',
              includeDependenciesRecursively: false,
              priority: 0,
            },
            {
              // Everything the entry imports statically, in one chunk. Left to the automatic
              // split, modules the entry shares with lazy pages land in common chunks together
              // with code only those pages need (floating-ui, scroll areas), and the first page
              // loads it all.
              name: 'app-shell',
              tags: ['$initial'],
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'contract/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          // One PostgreSQL for the run (or TEST_DATABASE_URL's server), a database per file.
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
