import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };
import { precompress } from './precompress.ts';

export default defineConfig({
  plugins: [react(), precompress()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  resolve: {
    // zod with the browser's settings, loaded only where a schema is built (not on sign-in).
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/lib/zod-in-browser.ts', import.meta.url)),
      },
    ],
  },
  html: {
    // The server swaps this for a fresh nonce in every index.html it sends (its CSP names it);
    // the app reads it from the csp-nonce meta tag for the <style> elements made at run time.
    cspNonce: 'CSP_NONCE_PLACEHOLDER',
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
