import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    // contracts is plain TypeScript with zod only: the browser bundle takes its sources directly.
    alias: { '@toolforge/contracts': here('../contracts/src/index.ts') },
  },
  server: { port: Number(process.env.WEB_DEV_PORT ?? 5173), strictPort: true },
  preview: { port: Number(process.env.WEB_DEV_PORT ?? 5173), strictPort: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: {
        // Firebase is the largest dependency and changes least: its own long-cached chunk.
        manualChunks(id) {
          if (id.includes('node_modules/firebase') || id.includes('node_modules/@firebase')) return 'firebase';
          if (/node_modules\/(react|react-dom|react-router|react-router-dom|scheduler)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
});
