import { describe, expect, it } from 'vitest';
import { HostFiles } from './hostfiles.ts';

/** list and subdirs as a scan of every path would answer them. */
function scan(paths: string[], dir: string): { list: string[]; subdirs: string[] } {
  const prefix = `${dir}/`;
  const inside = paths.filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length));
  return {
    list: inside.filter((r) => !r.includes('/')).sort(),
    subdirs: [...new Set(inside.filter((r) => r.includes('/')).map((r) => r.split('/')[0]))].sort(),
  };
}

describe('HostFiles', () => {
  it('lists a directory and its subdirectories as a scan of every file would, through writes, removes and a load', () => {
    const f = new HostFiles();
    const paths = new Set<string>();
    const dirs = ['/etc/cni/net.d', '/var/lib/cni/networks/cbr0', '/var/lib/cni/networks/k8s-pod-network', '/var/lib/cni', '/run/flannel'];
    const check = () => {
      for (const d of [...dirs, '/var/lib/cni/networks', '/var', '/nowhere']) {
        const want = scan([...paths], d);
        expect(f.list(d)).toEqual(want.list);
        expect(f.list(`${d}/`)).toEqual(want.list);
        expect(f.subdirs(d)).toEqual(want.subdirs);
      }
    };
    for (let i = 0; i < 200; i++) {
      const path = `${dirs[(i * 7) % dirs.length]}/f${(i * 13) % 17}`;
      if (i % 3 === 2) { f.remove(path); paths.delete(path); } else { f.write(path, `c${i}`); paths.add(path); }
      check();
    }
    const dumped = f.dump();
    const g = new HostFiles();
    g.write('/stale/x', 'gone after load');
    g.load(dumped);
    expect(g.dump()).toEqual(dumped);
    expect(g.list('/stale')).toEqual([]);
    expect(g.list('/var/lib/cni/networks/cbr0')).toEqual(f.list('/var/lib/cni/networks/cbr0'));
  });
});
