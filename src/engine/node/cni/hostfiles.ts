// The few files of a node's filesystem that networking uses: CNI configuration in /etc/cni/net.d, the network
// daemon's state (/run/flannel/subnet.env) and host-local's allocations in /var/lib/cni/networks. They live
// outside API objects, so a snapshot carries them (dump/load).
export class HostFiles {
  private readonly files = new Map<string, string>();
  /**
   * The files of each directory that holds any, by name with their content: list() need not look at every file
   * of the node, and filesIn() reads a directory without building each file's path.
   */
  private readonly dirs = new Map<string, Map<string, string>>();

  read(path: string): string | undefined { return this.files.get(path); }
  write(path: string, content: string): void {
    const { dir, name } = split(path);
    let names = this.dirs.get(dir);
    if (!names) this.dirs.set(dir, (names = new Map()));
    names.set(name, content);
    this.files.set(path, content);
  }
  remove(path: string): void {
    if (!this.files.delete(path)) return;
    const { dir, name } = split(path);
    const names = this.dirs.get(dir)!;
    names.delete(name);
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

  dump(): Record<string, string> { return Object.fromEntries([...this.files].sort(([a], [b]) => (a < b ? -1 : 1))); }
  load(files: Record<string, string>): void {
    this.files.clear();
    this.dirs.clear();
    for (const [p, c] of Object.entries(files)) this.write(p, c);
  }
}

function split(path: string): { dir: string; name: string } {
  const i = path.lastIndexOf('/');
  return { dir: path.slice(0, i), name: path.slice(i + 1) };
}
