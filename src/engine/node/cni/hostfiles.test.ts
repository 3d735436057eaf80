import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
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
    // Every file by its path, in path order (a snapshot's JSON keeps this order).
    expect(Object.keys(dumped)).toEqual([...paths].sort());
    for (const p of paths) expect(dumped[p]).toBe(f.read(p));
    const g = new HostFiles();
    g.write('/stale/x', 'gone after load');
    g.load(dumped);
    expect(g.dump()).toEqual(dumped);
    expect(g.list('/stale')).toEqual([]);
    expect(g.list('/var/lib/cni/networks/cbr0')).toEqual(f.list('/var/lib/cni/networks/cbr0'));
  });

  it('filesIn() holds each file directly in a directory with its content, as reading every listed file would', () => {
    const dirs = ['/var/lib/cni/networks/cbr0', '/var/lib/cni/networks', '/run/flannel'];
    const op = fc.record({ dir: fc.constantFrom(...dirs), name: fc.constantFrom('10.0.0.2', '10.0.0.3', 'last_reserved_ip.0'), content: fc.option(fc.string({ maxLength: 3 })) });
    fc.assert(fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
      const f = new HostFiles();
      for (const o of ops) {
        const path = `${o.dir}/${o.name}`;
        if (o.content === null) f.remove(path); else f.write(path, o.content);
        for (const d of dirs) {
          const want = new Map(f.list(d).map((n) => [n, f.read(`${d}/${n}`)]));
          expect(new Map(f.filesIn(d) ?? [])).toEqual(want);
        }
      }
    }), { numRuns: 200 });
  });
});
