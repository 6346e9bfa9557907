import { describe, expect, it } from 'vitest';
import { pagePreloads, type BuiltChunk } from './pagePreloads';

const chunk = (fileName: string, more: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  module: null,
  isEntry: false,
  isDynamicEntry: false,
  imports: [],
  css: [],
  ...more,
});

const build: BuiltChunk[] = [
  chunk('assets/index-1.js', {
    module: 'index.html',
    isEntry: true,
    imports: ['assets/react-1.js', 'assets/money-1.js'],
    css: ['assets/index-1.css'],
  }),
  chunk('assets/react-1.js'),
  chunk('assets/money-1.js'),
  chunk('assets/LoginPage-1.js', {
    module: 'src/features/auth/LoginPage.tsx',
    isDynamicEntry: true,
    imports: ['assets/react-1.js', 'assets/index-1.js', 'assets/form-1.js'],
  }),
  chunk('assets/form-1.js', { imports: ['assets/zod-1.js', 'assets/money-1.js'], css: ['assets/form-1.css'] }),
  chunk('assets/zod-1.js'),
  chunk('assets/BlogPage-1.js', { module: 'src/features/blog/BlogPage.tsx', isDynamicEntry: true, imports: ['assets/react-1.js'] }),
];

describe('pagePreloads', () => {
  it('names a page’s chunk and everything it imports, through its imports’ imports, but not what the app already loads', () => {
    expect(pagePreloads(build, { '/login': 'src/features/auth/LoginPage.tsx', '/blog': 'src/features/blog/BlogPage.tsx' })).toEqual({
      '/login': ['/assets/LoginPage-1.js', '/assets/form-1.js', '/assets/form-1.css', '/assets/zod-1.js'],
      '/blog': ['/assets/BlogPage-1.js'],
    });
  });

  it('fails the build when a first page is not a lazily loaded page of it', () => {
    expect(() => pagePreloads(build, { '/shop': 'src/features/shop/ShopPage.tsx' })).toThrow(
      /ShopPage.tsx \(\/shop\) is not a lazily loaded page/,
    );
    expect(() => pagePreloads(build, { '/money': 'assets/money-1.js' })).toThrow(/not a lazily loaded page/);
  });

  it('needs the entry chunk', () => {
    expect(() =>
      pagePreloads(
        build.filter((built) => !built.isEntry),
        {},
      ),
    ).toThrow(/no entry chunk/);
  });
});
