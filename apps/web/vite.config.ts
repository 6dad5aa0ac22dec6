import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA talks only to the BFF, same origin: in development Vite forwards /api to it.
// CONSOLE_BFF_URL points the dev server at a BFF on another port (a second one on the same machine).
const bff = process.env.CONSOLE_BFF_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: bff, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    // Source maps would ship the source to every browser; the BFF serves dist/ as is.
    sourcemap: false,
  },
});
