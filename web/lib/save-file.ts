/**
 * Hands a file the API answered (a label PDF) to the browser's download, under `fileName`. The
 * file came through `fetch` with the bearer token, so a plain link to the API could not get it: a
 * temporary object URL and `<a download>` do instead.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked on the next task, not at once: some browsers start reading the URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
