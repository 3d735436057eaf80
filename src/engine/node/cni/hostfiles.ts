// The few files of a node's filesystem that networking uses: CNI configuration in /etc/cni/net.d, the network
// daemon's state (/run/flannel/subnet.env) and host-local's allocations in /var/lib/cni/networks. They live
// outside API objects, so a snapshot carries them (dump/load).
export class HostFiles {
  private readonly files = new Map<string, string>();

  read(path: string): string | undefined { return this.files.get(path); }
  write(path: string, content: string): void { this.files.set(path, content); }
  remove(path: string): void { this.files.delete(path); }

  /** The names of the files directly in a directory, sorted as readdir would list them. */
  list(dir: string): string[] {
    const prefix = dir.endsWith('/') ? dir : `${dir}/`;
    return [...this.files.keys()].filter((p) => p.startsWith(prefix) && !p.slice(prefix.length).includes('/')).map((p) => p.slice(prefix.length)).sort();
  }

  /** The names of the directories directly under a directory. */
  subdirs(dir: string): string[] {
    const prefix = dir.endsWith('/') ? dir : `${dir}/`;
    const names = new Set<string>();
    for (const p of this.files.keys()) if (p.startsWith(prefix) && p.slice(prefix.length).includes('/')) names.add(p.slice(prefix.length).split('/')[0]);
    return [...names].sort();
  }

  dump(): Record<string, string> { return Object.fromEntries([...this.files].sort(([a], [b]) => (a < b ? -1 : 1))); }
  load(files: Record<string, string>): void {
    this.files.clear();
    for (const [p, c] of Object.entries(files)) this.files.set(p, c);
  }
}
