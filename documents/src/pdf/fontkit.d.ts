/**
 * The little of fontkit (no @types package exists) the documents use: open a font file once, and
 * hand the parsed font to pdfkit, which since 0.20 takes a fontkit font wherever it takes a font's
 * path or bytes (its PDFFontFactory uses any object with a layout()), in @types/pdfkit not yet.
 */
declare module 'fontkit' {
  /** A parsed font file: pdfkit lays out, measures and subsets text with it. */
  export interface Font {
    readonly postscriptName: string;
    layout(text: string): unknown;
  }
  /** Reads and parses a font file (a single font, not a collection: no postscript name to pick). */
  export function openSync(path: string): Font;
}

declare namespace PDFKit.Mixins {
  interface PDFFont {
    registerFont(name: string, src: import('fontkit').Font): this;
  }
}
