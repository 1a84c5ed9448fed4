/**
 * An e-mail or a name on one line of a table cell, never broken inside a word: in a `cell-flexible`
 * column (console.css) it is cut with an ellipsis where the column is too narrow, the whole text in
 * its tooltip.
 */
export function OneLine({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className ? `one-line ${className}` : 'one-line'} title={text}>
      {text}
    </span>
  );
}
