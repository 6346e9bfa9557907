/**
 * The pages a visit may start on, each with the module routes.tsx loads lazily for it. The server
 * names that module's code in the page it sends for the route (modulepreload links:
 * embedded/src/webServer.ts), so the browser fetches it beside the app rather than once the app has
 * run and asked for it: the form code of /login and /register was a third step in the chain before
 * their largest paint. The build fails when a module here is not one of its lazily loaded pages.
 */
export const FIRST_PAGES: Readonly<Record<string, string>> = {
  '/blog': 'src/features/blog/BlogPage.tsx',
  '/about': 'src/features/about/AboutPage.tsx',
  '/login': 'src/features/auth/LoginPage.tsx',
  '/register': 'src/features/auth/RegisterPage.tsx',
  '/resetpassword': 'src/features/auth/ResetPasswordPage.tsx',
  '/allproducts': 'src/features/catalog/AllProductsPage.tsx',
};

/** What the build knows of one of its JavaScript chunks (a subset of Rollup's output chunk). */
export interface BuiltChunk {
  fileName: string;
  /** The module the chunk stands for, relative to the web package ('src/…'), if any. */
  module: string | null;
  isEntry: boolean;
  isDynamicEntry: boolean;
  /** File names of the chunks it imports statically. */
  imports: readonly string[];
  /** File names of the style sheets it brings. */
  css: readonly string[];
}

/** Per route, the files its first visit needs beyond what index.html already loads: `/assets/…`. */
export type PagePreloads = Record<string, string[]>;

export function pagePreloads(chunks: readonly BuiltChunk[], pages: Readonly<Record<string, string>> = FIRST_PAGES): PagePreloads {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('page preloads: the build has no entry chunk');
  const closure = (start: BuiltChunk): Set<string> => {
    const seen = new Set<string>();
    const visit = (chunk: BuiltChunk) => {
      if (seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const css of chunk.css) seen.add(css);
      for (const name of chunk.imports) {
        const imported = byName.get(name);
        if (imported) visit(imported);
      }
    };
    visit(start);
    return seen;
  };
  // index.html loads the entry and names its imports itself: not again.
  const loadedByTheApp = closure(entry);
  const preloads: PagePreloads = {};
  for (const [route, module] of Object.entries(pages)) {
    const page = chunks.find((chunk) => chunk.module === module && chunk.isDynamicEntry);
    if (!page) throw new Error(`page preloads: ${module} (${route}) is not a lazily loaded page of the build`);
    preloads[route] = [...closure(page)].filter((file) => !loadedByTheApp.has(file)).map((file) => `/${file}`);
  }
  return preloads;
}
