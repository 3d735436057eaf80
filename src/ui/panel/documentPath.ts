// A document's name as a path: kubectl -f and -k read documents by name, and "/" makes folders, so a renamed
// document's name is tidied the way a path is written (no leading "./" or "/", no empty or "." parts).
export function documentPath(name: string): string {
  return name.trim().split('/').filter((p) => p && p !== '.').join('/');
}
