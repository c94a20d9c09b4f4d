import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };

export default defineConfig({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The shared contract only declares schemas and constants, but its package does not
        // say so; without this every screen would carry every schema (and zod) of the plant.
        moduleSideEffects: [{ test: /\/packages\/contract\/src\//, sideEffects: false }],
      },
    },
  },
});
