// Save text as a file the browser downloads (exports), and read a file the user picked (imports).
export function downloadText(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Read a picked file, refusing one larger than `limit` bytes before reading it. */
export async function readFile(file: File, limit: number, tooLarge: string): Promise<string> {
  if (file.size > limit) throw new Error(tooLarge);
  return file.text();
}
