/**
 * Renders the specs' invoice in a process of its own and writes its bytes to stdout as base64: a
 * document must be the same bytes in another process, not only twice in one (docs/documents.md).
 * Node runs the TypeScript sources through Vite's module runner, as the tests see them.
 */
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const config = {
  configFile: false,
  logLevel: 'silent',
  resolve: { alias: [{ find: /^@toolforge\/([a-z-]+)$/, replacement: `${root}$1/src/index.ts` }] },
};
const load = async (path) => (await runnerImport(`${root}documents/src/${path}`, config)).module;
const { renderInvoice } = await load('pdf/render.ts');
const { invoice } = await load('test/fixtures.ts');
process.stdout.write(Buffer.from(await renderInvoice(invoice())).toString('base64'));
