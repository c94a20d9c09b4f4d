/** Hands a file to the browser's downloads. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the data to the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Saves text as a file the browser downloads. A UTF-8 byte order mark goes first so that
 * spreadsheets read names with accents (Café) as written.
 */
export function downloadText(
  fileName: string,
  text: string,
  type = 'text/csv;charset=utf-8',
): void {
  downloadBlob(fileName, new Blob(['\uFEFF', text], { type }));
}
