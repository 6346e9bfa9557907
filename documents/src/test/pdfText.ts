/** A PDF's text, page by page, read back with pdfjs (its legacy build runs on Node), for the documents' specs. */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Each page's text, its items joined by spaces, in the order pdfjs reads them. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  // pdfjs takes the buffer over: it gets a copy, so the caller's bytes stay comparable.
  const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}
