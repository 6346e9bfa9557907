import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { pagePreloads, type BuiltChunk } from './src/build/pagePreloads';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Writes dist/page-preloads.json: per first page, the code its visit needs (src/build/pagePreloads.ts). */
function pagePreloadsFile(): Plugin {
  return {
    name: 'toolforge-page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: BuiltChunk[] = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                fileName: output.fileName,
                module: output.facadeModuleId ? relative(here('.'), output.facadeModuleId) : null,
                isEntry: output.isEntry,
                isDynamicEntry: output.isDynamicEntry,
                imports: output.imports,
                css: [...(output.viteMetadata?.importedCss ?? [])],
              },
            ]
          : [],
      );
      this.emitFile({ type: 'asset', fileName: 'page-preloads.json', source: `${JSON.stringify(pagePreloads(chunks), null, 2)}\n` });
    },
  };
}

export default defineConfig({
  plugins: [react(), pagePreloadsFile()],
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
