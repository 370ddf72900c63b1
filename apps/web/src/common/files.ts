/** Saving a text as a downloaded file and reading a file the user picked. */

export function downloadText(filename: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Asks the user for a file and resolves with its text (null when no file was chosen). */
export function pickFileText(accept = '.json,application/json'): Promise<string | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      if (file === undefined) resolve(null);
      else file.text().then(resolve, () => resolve(null));
    });
    input.click();
  });
}

/** A file name for a match record: `pyramid-<variant>-<yyyy-mm-dd>.json`. */
export function recordFileName(variant: string, date: Date = new Date()): string {
  return `pyramid-${variant}-${date.toISOString().slice(0, 10)}.json`;
}
