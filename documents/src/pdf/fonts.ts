/**
 * The documents' typeface: DejaVu Sans, embedded from the dejavu-fonts-ttf package, never one of
 * PDF's standard 14 fonts, which cover Latin-1 only and are not in the file (a name a viewer
 * substitutes). Resolved through the package, so the same from the sources and from dist/.
 *
 * Each font file is read and parsed once per process, on the first render: parsing DejaVu's tables
 * is most of a render's cost, and the query service renders on request on the embedded shop's one
 * thread. The parsed font is only read from (glyphs, metrics, layout); what a document embeds — its
 * subset of the glyphs, its widths, its font ids and so its subset tags — pdfkit keeps in a font
 * object of that document's own (its EmbeddedFont, made when a document first uses a registered
 * name), so documents rendered one after another or at once never share it.
 */
import { createRequire } from 'node:module';
import { openSync, type Font } from 'fontkit';

const resolve = createRequire(import.meta.url).resolve;

const FILES = {
  regular: resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;

type Face = keyof typeof FILES;

/** The names a document knows the faces by (registered in each document by useFonts). */
export const FONTS: { readonly [face in Face]: string } = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' };

let parsed: { readonly [face in Face]: Font } | undefined;

function parsedFonts(): { readonly [face in Face]: Font } {
  parsed ??= { regular: openSync(FILES.regular), bold: openSync(FILES.bold) };
  return parsed;
}

/** Registers the shared parsed faces in a document under their names, and sets the regular one. */
export function useFonts(doc: PDFKit.PDFDocument): void {
  const fonts = parsedFonts();
  for (const face of ['regular', 'bold'] as const) doc.registerFont(FONTS[face], fonts[face]);
  doc.font(FONTS.regular);
}
