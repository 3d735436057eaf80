// The few files of a node's filesystem that networking uses: CNI configuration in /etc/cni/net.d, the network
// daemon's state (/run/flannel/subnet.env) and host-local's allocations in /var/lib/cni/networks. They live
// outside API objects, so a snapshot carries them (dump/load).
export class HostFiles {
  /**
   * The files of each directory that holds any, by name with their content: list() need not look at every file
   * of the node, and filesIn() reads a directory without building each file's path. Nothing is kept by full path:
   * host-local's directory holds a file per pod, and each path would be a string kept beside its name.
   */
  private readonly dirs = new Map<string, Map<string, string>>();

  read(path: string): string | undefined {
    const i = path.lastIndexOf('/');
    return this.dirs.get(path.slice(0, i))?.get(path.slice(i + 1));
  }
  write(path: string, content: string): void {
    const i = path.lastIndexOf('/');
    this.writeIn(path.slice(0, i), path.slice(i + 1), content);
  }
  /** write(`${dir}/${name}`), for a writer that keeps to its directory. */
  writeIn(dir: string, name: string, content: string): void {
    let names = this.dirs.get(dir);
    if (!names) this.dirs.set(dir, (names = new Map()));
    names.set(name, content);
  }
  remove(path: string): void {
    const i = path.lastIndexOf('/');
    const dir = path.slice(0, i);
    const names = this.dirs.get(dir);
    if (!names?.delete(path.slice(i + 1))) return;
    if (!names.size) this.dirs.delete(dir);
  }

  /** The names of the files directly in a directory, sorted as readdir would list them. */
  list(dir: string): string[] {
    const names = this.dirs.get(dir.endsWith('/') ? dir.slice(0, -1) : dir);
    return names ? [...names.keys()].sort() : [];
  }

  /** The files directly in a directory: content by name, in no particular order. */
  filesIn(dir: string): ReadonlyMap<string, string> | undefined {
    return this.dirs.get(dir);
  }

  /** The names of the directories directly under a directory (that hold files, at any depth). */
  subdirs(dir: string): string[] {
    const prefix = dir.endsWith('/') ? dir : `${dir}/`;
    const names = new Set<string>();
    for (const d of this.dirs.keys()) if (d.startsWith(prefix)) names.add(d.slice(prefix.length).split('/')[0]);
    return [...names].sort();
  }

  dump(): Record<string, string> {
    const files: [string, string][] = [];
    for (const [dir, names] of this.dirs) for (const [name, content] of names) files.push([`${dir}/${name}`, content]);
    return Object.fromEntries(files.sort(([a], [b]) => (a < b ? -1 : 1)));
  }
  load(files: Record<string, string>): void {
    this.dirs.clear();
    for (const [p, c] of Object.entries(files)) this.write(p, c);
  }
}
