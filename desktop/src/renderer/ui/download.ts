/**
 * Hands a fetched file to the browser's download (Electron shows its save dialog). Files that need the
 * session's token are fetched first: a plain link would be sent without the Authorization header.
 */
export function saveDownload(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is not needed once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
