import type PDFDocument from 'pdfkit';

const PAGES_PER_SLICE = 20;

/**
 * Ends a document built with `bufferPages` (its footers say "Página x de y", known only at the end) a few pages at a
 * time. pdfkit's own end() flushes every buffered page at once, compressing each page's stream synchronously: 116 ms
 * for a 200-page report, during which no other user was answered. Flushing 20 pages, then letting pending requests
 * in, keeps each pause to a few milliseconds. `_pageBuffer` is pdfkit's (0.20) list of unflushed pages; without it
 * (another version) the document simply ends at once.
 */
export async function endInSlices(doc: PDFKit.PDFDocument | InstanceType<typeof PDFDocument>): Promise<void> {
  const d = doc as unknown as { _pageBuffer?: unknown; flushPages(): void; end(): void };
  const pages = d._pageBuffer;
  if (Array.isArray(pages) && typeof d.flushPages === 'function') {
    for (let i = 0; i < pages.length; i += PAGES_PER_SLICE) {
      d._pageBuffer = pages.slice(i, i + PAGES_PER_SLICE);
      d.flushPages();
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  d.end();
}
