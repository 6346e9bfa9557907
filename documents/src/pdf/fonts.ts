/**
 * The documents' typeface: DejaVu Sans, embedded from the dejavu-fonts-ttf package, never one of
 * PDF's standard 14 fonts, which cover Latin-1 only and are not in the file (a name a viewer
 * substitutes). Resolved through the package, so the same from the sources and from dist/.
 */
import { createRequire } from 'node:module';

const resolve = createRequire(import.meta.url).resolve;

/** The font files, by their path (pdfkit names a font it loads by its path: one font object per file). */
export const FONTS = {
  regular: resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;
