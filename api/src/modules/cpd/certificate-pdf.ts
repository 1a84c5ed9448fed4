/**
 * The CPD certificate as a one-page A4 PDF (issue 58), drawn with pdf-lib's standard fonts: nothing
 * to embed, so a certificate is a few kilobytes and takes milliseconds (scripts/bench-certificates).
 * Standard fonts write WinAnsi (Latin-1 and a few more): a letter outside it is written without its
 * accent when it has one (ő → o), else as "?". Embedding a Unicode font is what names in other
 * scripts would need (@pdf-lib/fontkit and a TTF), at some hundred kilobytes per certificate.
 */
import { formatCpdHours, groupedCertificateCode } from '@npo/shared';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

export interface CertificateContent {
  organisation: string;
  name: string;
  activity: string;
  /** The activity's date as the organisation's calendar reads it ("14 December 2026"). */
  date: string;
  hours: number;
  code: string;
  verifyUrl: string;
  issuedAt: Date;
}

const A4: [number, number] = [595.28, 841.89];
const INK = rgb(0.12, 0.16, 0.22);
const MUTED = rgb(0.38, 0.42, 0.48);
const ACCENT = rgb(0.05, 0.45, 0.4);

/** `text` in what `font` can write: unknown letters lose their accent, or become "?". */
export function writable(font: PDFFont, text: string): string {
  const fits = (char: string) => {
    try {
      font.encodeText(char);
      return true;
    } catch {
      return false;
    }
  };
  return Array.from(text.normalize('NFC'), (char) => {
    if (fits(char)) return char;
    const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
    return bare && Array.from(bare).every(fits) ? bare : '?';
  }).join('');
}

/** Draws `text` centred on the page at `y`, shrunk to fit the width if it is long. */
function centred(page: PDFPage, font: PDFFont, text: string, y: number, size: number, color = INK): void {
  const safe = writable(font, text);
  const room = page.getWidth() - 120;
  const fitted = Math.min(size, (size * room) / Math.max(1, font.widthOfTextAtSize(safe, size)));
  const width = font.widthOfTextAtSize(safe, fitted);
  page.drawText(safe, { x: (page.getWidth() - width) / 2, y, size: fitted, font, color });
}

export async function certificatePdf(content: CertificateContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  // Fixed from the certificate, not the moment: the same certificate gives the same file.
  pdf.setTitle(`CPD certificate: ${content.activity}`);
  pdf.setAuthor(content.organisation);
  pdf.setSubject(`Verification code ${content.code}`);
  pdf.setCreator(content.organisation);
  pdf.setProducer(content.organisation);
  pdf.setCreationDate(content.issuedAt);
  pdf.setModificationDate(content.issuedAt);
  const page = pdf.addPage(A4);
  const [regular, bold] = await Promise.all([
    pdf.embedFont(StandardFonts.Helvetica),
    pdf.embedFont(StandardFonts.HelveticaBold),
  ]);
  const { width, height } = page.getSize();
  page.drawRectangle({ x: 30, y: 30, width: width - 60, height: height - 60, borderColor: ACCENT, borderWidth: 2 });

  centred(page, bold, content.organisation, height - 130, 22, ACCENT);
  centred(page, regular, 'Certificate of continuing professional development', height - 180, 16);
  centred(page, regular, 'This certifies that', height - 260, 12, MUTED);
  centred(page, bold, content.name, height - 300, 26);
  centred(page, regular, 'attended', height - 340, 12, MUTED);
  centred(page, bold, content.activity, height - 380, 18);
  centred(page, regular, `on ${content.date}`, height - 410, 13);
  centred(page, bold, `${formatCpdHours(content.hours)} of CPD`, height - 470, 18, ACCENT);

  centred(page, regular, `Verification code: ${groupedCertificateCode(content.code)}`, 140, 12);
  centred(page, regular, `Check it at ${content.verifyUrl}`, 118, 10, MUTED);
  return pdf.save();
}
