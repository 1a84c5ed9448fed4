/**
 * A policy's plain text (SPEC 2: line breaks kept) read as an outline, so its numbered headings are
 * headings for screen readers and the eye: "2. How we use your information" alone on its line is a
 * section (h2), "2.1 Cookies" a subsection (h3). Any other line stays text, in paragraphs split at
 * blank lines with their single line breaks kept.
 */
export type PolicyBlock = { kind: 'h2' | 'h3'; text: string } | { kind: 'p'; text: string };

// Short and without a closing full stop: "1. You must be 18." is a numbered sentence, not a title.
const HEADING = /^(\d+)\.((?:\d+\.?)*)\s+(\S.{0,90})$/;

function headingOf(line: string): PolicyBlock | null {
  const match = HEADING.exec(line.trim());
  if (!match || /[.;:,]$/.test(match[3]!)) return null;
  return { kind: match[2] ? 'h3' : 'h2', text: line.trim() };
}

export function policyOutline(content: string): PolicyBlock[] {
  const blocks: PolicyBlock[] = [];
  for (const paragraph of content.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    let text: string[] = [];
    const flush = () => {
      if (text.length > 0) blocks.push({ kind: 'p', text: text.join('\n') });
      text = [];
    };
    for (const line of paragraph.split('\n')) {
      const heading = headingOf(line);
      if (heading) {
        flush();
        blocks.push(heading);
      } else if (line.trim() !== '') text.push(line);
    }
    flush();
  }
  return blocks;
}
