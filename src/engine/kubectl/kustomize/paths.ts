// The files kustomize reads, as a directory tree over kubectl's file map: a document named
// "overlays/prod/kustomization.yaml" is the file kustomization.yaml in the directory overlays/prod.
// Simplification: there is no working directory, so paths are the documents' names ("../base" from overlays/prod
// is "overlays/base"), and kustomize's errors show them as given rather than made absolute.

/** path.Clean for "/"-separated relative paths: no ".", no empty parts, ".." kept only where it climbs out. */
export function cleanPath(p: string): string {
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length && out[out.length - 1] !== '..') out.pop();
    else out.push(part);
  }
  return out.join('/') || '.';
}

export function joinPath(dir: string, rel: string): string {
  return cleanPath(dir === '.' ? rel : `${dir}/${rel}`);
}

export function baseName(p: string): string {
  const c = cleanPath(p);
  return c.slice(c.lastIndexOf('/') + 1);
}

/** The file tree kustomize sees: files by cleaned path, and directories as the prefixes of their paths. */
export class KustFiles {
  private readonly files = new Map<string, string>();
  private readonly dirs = new Set<string>(['.']);

  constructor(source: ReadonlyMap<string, string>) {
    for (const [name, text] of source) {
      const path = cleanPath(name);
      this.files.set(path, text);
      for (let i = path.indexOf('/'); i >= 0; i = path.indexOf('/', i + 1)) this.dirs.add(path.slice(0, i));
    }
  }

  read(path: string): string | undefined { return this.files.get(cleanPath(path)); }
  isDir(path: string): boolean { return this.dirs.has(cleanPath(path)); }
}
