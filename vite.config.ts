import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The web app lives in src/web and builds to dist/web, which the Fastify server serves.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  // "@/contract/…", "@/web/lib/…": one spelling from anywhere (tsconfig.json paths says the same).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // The server reads the manifest to precache the app shell in /sw.js.
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    assetsInlineLimit: 2048,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/sitemap.xml': 'http://localhost:3000',
      '/robots.txt': 'http://localhost:3000',
      '/sw.js': 'http://localhost:3000',
    },
  },
});
