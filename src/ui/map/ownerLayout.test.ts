// The owner view's layout with the real elkjs (its Node build; the page uses the same code in a Web Worker).
import { describe, expect, it } from 'vitest';
import ELK from 'elkjs/lib/elk.bundled.js';
import type { OwnerGraphView } from '../../worker/protocol.ts';
import { layoutOwners, OWNER_HEIGHT, OWNER_WIDTH } from './ownerLayout.ts';

const node = (kind: string, name: string) => ({ id: `${kind}/default/${name}`, kind, namespace: 'default', name, status: '' });

describe('owner layout', () => {
  it('puts owners left of what they own and never overlaps two objects', async () => {
    const g: OwnerGraphView = {
      nodes: [node('Deployment', 'web'), node('ReplicaSet', 'web-1'), node('Pod', 'web-1-a'), node('Pod', 'web-1-b'), node('Service', 'web'), node('PersistentVolumeClaim', 'data')],
      edges: [
        { id: 'a', source: 'Deployment/default/web', target: 'ReplicaSet/default/web-1', relation: 'owns' },
        { id: 'b', source: 'ReplicaSet/default/web-1', target: 'Pod/default/web-1-a', relation: 'owns' },
        { id: 'c', source: 'ReplicaSet/default/web-1', target: 'Pod/default/web-1-b', relation: 'owns' },
        { id: 'd', source: 'Service/default/web', target: 'Pod/default/web-1-a', relation: 'selects' },
        { id: 'e', source: 'Pod/default/web-1-b', target: 'PersistentVolumeClaim/default/data', relation: 'mounts' },
      ],
      omitted: 0,
    };
    const { nodes, edges } = await layoutOwners(new ELK(), g);
    const x = (id: string) => nodes.find((n) => n.id === id)!.position.x;
    expect(x('Deployment/default/web')).toBeLessThan(x('ReplicaSet/default/web-1'));
    expect(x('ReplicaSet/default/web-1')).toBeLessThan(x('Pod/default/web-1-a'));
    expect(x('Service/default/web')).toBeLessThan(x('Pod/default/web-1-a'));
    expect(x('Pod/default/web-1-b')).toBeLessThan(x('PersistentVolumeClaim/default/data'));
    for (const a of nodes) {
      for (const b of nodes) {
        if (a === b) continue;
        const apart = Math.abs(a.position.x - b.position.x) >= OWNER_WIDTH || Math.abs(a.position.y - b.position.y) >= OWNER_HEIGHT;
        expect(apart, `${a.id} / ${b.id}`).toBe(true);
      }
    }
    expect(edges.map((e) => e.className)).toContain('owner-edge owner-edge-selects');
  });
});
