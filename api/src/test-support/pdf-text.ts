/**
 * The text a PDF drawn with pdf-lib's standard fonts shows: its content streams inflated and the
 * strings of their text operators (Tj) decoded as the one-byte WinAnsi codes they are. Enough to read
 * back what the server wrote on a certificate; not a general PDF text extractor.
 */
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

export async function pdfText(bytes: Uint8Array): Promise<{ document: PDFDocument; lines: string[] }> {
  const document = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const filter = object.dict.get(PDFName.of('Filter'));
    const raw = Buffer.from(object.contents);
    const content = (filter === PDFName.of('FlateDecode') ? inflateSync(raw) : raw).toString('latin1');
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      lines.push(Buffer.from(match[1]!, 'hex').toString('latin1'));
    }
  }
  return { document, lines };
}
