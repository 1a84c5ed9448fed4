/**
 * The CPD certificate as a one-page A4 PDF (issue 58), drawn with pdf-lib in an embedded Unicode
 * font, so a member's name reads exactly whatever their alphabet (an international membership:
 * "Đặng Thị Hương", "Łukasz Żółć", "Σοφία Παπαδοπούλου", "Анна Иванова").
 *
 * The font is DejaVu Sans (npm dejavu-fonts-ttf; the Bitstream Vera licence, DejaVu's changes in the
 * public domain): Latin with its extensions and Vietnamese, Greek, Cyrillic, Arabic, Hebrew,
 * Armenian, Georgian and more. It comes with the npm install (nothing is downloaded at install or
 * run time), is read and parsed once per process on the first certificate (pdf-lib is handed a
 * fontkit that gives back the parsed font) and embedded subset: a certificate carries only the
 * glyphs it draws (about 17 kB in all, where the standard fonts made 1.5 kB).
 * Noto Sans was tried first: @pdf-lib/fontkit's subsetting breaks fonts whose glyphs have odd
 * lengths, as Noto's do (most letters vanish), and its shaper for Devanagari fails (so Noto's
 * Devanagari would not help anyway).
 * fontkit shapes a run (Arabic letters join) and lays a right-to-left run from right to left; a
 * line that mixes directions keeps its runs left to right. What the font lacks (CJK, Devanagari and
 * other Indic scripts): a letter is written without its accent when that helps, else as "?", as the
 * standard fonts did outside WinAnsi. A CJK font is tens of megabytes, not worth it for now; the list
 * of faces per weight takes a second font, used for the letters the first lacks and embedded only in
 * a certificate that uses it. The verification page (/certificates/<code>) shows the name exactly.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { formatCpdHours, groupedCertificateCode } from '@npo/shared';
import { PDFDocument, rgb, type PDFFont } from 'pdf-lib';

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

type Weight = 'regular' | 'bold';
const require = createRequire(import.meta.url);
/** The font files of each weight, first to last choice (found now, read on the first certificate). */
const FONT_FILES: Record<Weight, string[]> = {
  regular: [require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')],
  bold: [require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')],
};

/** A font file read and parsed once: its bytes (what pdf-lib embeds) and fontkit's font. */
interface Face {
  bytes: Uint8Array;
  font: fontkit.Font;
}

let faces: Record<Weight, Face[]> | undefined;
const parsed = new Map<Uint8Array, fontkit.Font>();

function loadFaces(): Record<Weight, Face[]> {
  if (faces) return faces;
  const load = (file: string): Face => {
    const bytes = readFileSync(file);
    const font = fontkit.create(bytes);
    parsed.set(bytes, font);
    return { bytes, font };
  };
  faces = { regular: FONT_FILES.regular.map(load), bold: FONT_FILES.bold.map(load) };
  return faces;
}

/** pdf-lib's fontkit, handing back the font parsed once for bytes it has seen. */
const onceParsed = {
  create: (bytes: Uint8Array) => parsed.get(bytes) ?? fontkit.create(bytes),
};

/**
 * No glyph composition (ccmp): a letter with accents is drawn as the font's precomposed glyph, not
 * as a base and marks (pdf-lib draws no mark positioning) whose glyph objects would stand for
 * the composed letter. No positioning features either: pdf-lib places glyphs by their advance
 * widths only, so kerning and mark positions would be worked out for nothing.
 */
const FEATURES = { ccmp: false, kern: false, mark: false, mkmk: false, curs: false };

const has = (face: Face, char: string) => face.font.hasGlyphForCodePoint(char.codePointAt(0)!);
/** Spaces, punctuation, digits and marks: they go with the run they are in when its font has them. */
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
interface Run {
  face: Face;
  text: string;
  /** Its width at size 1. */
  width: number;
}

/**
 * The width of `text` in `face` at size 1 (as pdf-lib measures it: the glyphs' advances), or
 * undefined when fontkit cannot lay it out (its shaper of Indic scripts fails in this build). First
 * each letter's glyph gets its letter: fontkit keeps one glyph object per glyph and font, and a glyph
 * first met as a part of another (an accented letter's base, when a subset is written) is kept
 * without its letter, which the PDF's text (ToUnicode, what copy and search read) would then lack.
 */
function unitWidth(face: Face, text: string): number | undefined {
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const glyph = face.font.glyphForCodePoint(codePoint);
    if (glyph.codePoints.length === 0) glyph.codePoints = [codePoint];
  }
  try {
    const { glyphs } = face.font.layout(text, FEATURES);
    return glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth, 0) / face.font.unitsPerEm;
  } catch {
    return undefined;
  }
}

/**
 * `text` as runs of one face each, by the first face of `list` that has each letter and lays the
 * run out; a letter none has loses its accent, or becomes "?" (written in `fallback`).
 */
function runsOf(list: Face[], text: string, fallback: Face): Run[] {
  if (list.length === 0) {
    const unknown = text.replace(/\p{M}/gu, '').replace(/[^\s]/gu, '?');
    return [{ face: fallback, text: unknown, width: unitWidth(fallback, unknown) ?? 0 }];
  }
  const runs: Array<Omit<Run, 'width'>> = [];
  for (const char of text.normalize('NFC')) {
    const current = runs.at(-1);
    let face = current && NEUTRAL.test(char) && has(current.face, char) ? current.face : list.find((f) => has(f, char));
    let written = char;
    if (!face) {
      const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
      face = list.find((f) => bare !== '' && Array.from(bare).every((c) => has(f, c)));
      if (face) written = bare;
      else [face, written] = [current?.face ?? fallback, /\p{M}/u.test(char) ? '' : '?'];
    }
    if (current?.face === face) current.text += written;
    else runs.push({ face, text: written });
  }
  return runs.flatMap((run) => {
    const width = unitWidth(run.face, run.text);
    if (width !== undefined) return [{ ...run, width }];
    return runsOf(
      list.filter((face) => face !== run.face),
      run.text,
      fallback,
    );
  });
}

export async function certificatePdf(content: CertificateContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(onceParsed);
  // Fixed from the certificate, not the moment: the same certificate gives the same file.
  pdf.setTitle(`CPD certificate: ${content.activity}`);
  pdf.setAuthor(content.organisation);
  pdf.setSubject(`Verification code ${content.code}`);
  pdf.setCreator(content.organisation);
  pdf.setProducer(content.organisation);
  pdf.setCreationDate(content.issuedAt);
  pdf.setModificationDate(content.issuedAt);
  const page = pdf.addPage(A4);
  const { width, height } = page.getSize();
  page.drawRectangle({ x: 30, y: 30, width: width - 60, height: height - 60, borderColor: ACCENT, borderWidth: 2 });

  const available = loadFaces();
  const embedded = new Map<Face, Promise<PDFFont>>();
  const embed = (face: Face) => {
    let font = embedded.get(face);
    if (!font) embedded.set(face, (font = pdf.embedFont(face.bytes, { subset: true, features: FEATURES })));
    return font;
  };

  /** Draws `text` centred on the page at `y`, shrunk to fit the width if it is long. */
  async function centred(weight: Weight, text: string, y: number, size: number, color = INK): Promise<void> {
    // Each run is laid out twice: once for its width (at size 1: widths grow with the size), once to draw.
    const runs = runsOf(available[weight], text, available[weight][0]!);
    const width = runs.reduce((sum, run) => sum + run.width, 0);
    const room = page.getWidth() - 120;
    const fitted = Math.min(size, room / Math.max(1 / size, width));
    let x = (page.getWidth() - width * fitted) / 2;
    for (const run of runs) {
      page.drawText(run.text, { x, y, size: fitted, font: await embed(run.face), color });
      x += run.width * fitted;
    }
  }

  await centred('bold', content.organisation, height - 130, 22, ACCENT);
  await centred('regular', 'Certificate of continuing professional development', height - 180, 16);
  await centred('regular', 'This certifies that', height - 260, 12, MUTED);
  await centred('bold', content.name, height - 300, 26);
  await centred('regular', 'attended', height - 340, 12, MUTED);
  await centred('bold', content.activity, height - 380, 18);
  await centred('regular', `on ${content.date}`, height - 410, 13);
  await centred('bold', `${formatCpdHours(content.hours)} of CPD`, height - 470, 18, ACCENT);

  await centred('regular', `Verification code: ${groupedCertificateCode(content.code)}`, 140, 12);
  await centred('regular', `Check it at ${content.verifyUrl}`, 118, 10, MUTED);
  return pdf.save();
}
