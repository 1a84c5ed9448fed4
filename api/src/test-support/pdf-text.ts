/**
 * The text a PDF drawn with pdf-lib shows, a line for each baseline: its pages' content streams
 * inflated and the strings of their text operators (Tj) decoded through the font they are set in:
 * an embedded font by its ToUnicode map (two-byte glyph codes to Unicode), a standard font as the
 * one-byte WinAnsi codes they are. Runs drawn one after another on the same baseline (a line set in
 * two fonts) read as one line. Enough to read back what the server wrote on a certificate; not a
 * general PDF text extractor.
 */
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream, type PDFObject } from 'pdf-lib';

const streamText = (stream: PDFRawStream) => {
  const raw = Buffer.from(stream.contents);
  return (stream.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode') ? inflateSync(raw) : raw).toString(
    'latin1',
  );
};

/** A ToUnicode CMap's glyph codes and the text each stands for (bfchar and bfrange entries). */
function toUnicode(cmap: string): Map<string, string> {
  const codes = new Map<string, string>();
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      codes.set(code!.toUpperCase(), decodeUtf16(text!));
    }
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, text] of block!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const first = parseInt(text!, 16);
      for (let code = parseInt(from!, 16); code <= parseInt(to!, 16); code += 1) {
        codes.set(
          code.toString(16).toUpperCase().padStart(from!.length, '0'),
          String.fromCharCode(first + code - parseInt(from!, 16)),
        );
      }
    }
  }
  return codes;
}

/** UTF-16BE in hex, surrogate pairs included. */
const decodeUtf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');

export async function pdfText(bytes: Uint8Array): Promise<{ document: PDFDocument; lines: string[] }> {
  const document = await PDFDocument.load(bytes);
  const dict = (object: PDFObject | undefined) => document.context.lookupMaybe(object, PDFDict);
  /** A stream pdf-lib loaded (as PDFRawStream: its bytes as stored). */
  const stream = (object: PDFObject | undefined) => {
    const found = document.context.lookupMaybe(object, PDFStream);
    return found instanceof PDFRawStream ? found : undefined;
  };
  const lines: string[] = [];
  for (const page of document.getPages()) {
    const fonts = new Map<string, Map<string, string> | undefined>();
    const fontDict = dict(page.node.Resources()?.get(PDFName.of('Font')));
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = dict(ref);
      const cmap = font && stream(font.get(PDFName.of('ToUnicode')));
      fonts.set(name.asString(), cmap ? toUnicode(streamText(cmap)) : undefined);
    }
    const contents = page.node.Contents();
    const streams = (
      contents instanceof PDFArray ? contents.asArray().map(stream) : [stream(page.node.get(PDFName.of('Contents')))]
    ).filter((each) => each !== undefined);
    let codes: Map<string, string> | undefined;
    let baseline: string | undefined;
    let lineBaseline: string | undefined;
    for (const content of streams.map(streamText)) {
      for (const match of content.matchAll(/(\/\S+) [\d.]+ Tf|[-\d.]+ ([-\d.]+) Tm|<([0-9A-Fa-f]*)>\s*Tj/g)) {
        if (match[1]) codes = fonts.get(match[1]);
        else if (match[2]) baseline = match[2];
        else {
          const hex = match[3]!;
          const text = codes
            ? (hex.match(/.{4}/g) ?? []).map((code) => codes!.get(code.toUpperCase()) ?? '\uFFFD').join('')
            : Buffer.from(hex, 'hex').toString('latin1');
          if (lines.length > 0 && baseline !== undefined && baseline === lineBaseline) lines[lines.length - 1] += text;
          else lines.push(text);
          lineBaseline = baseline;
        }
      }
    }
  }
  return { document, lines };
}
