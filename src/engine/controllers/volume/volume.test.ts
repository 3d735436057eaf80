// Storage end to end: dynamic provisioning through csi.kubesim.io, static binding, reclaim policies, attach and
// mount, the Multi-Attach error, expansion, and a StatefulSet whose volumes follow its pods across node failures.
import { describe, expect, it } from 'vitest';
import { createCluster, type KubesimCluster } from '../../index.ts';
import { clusterWithNodes, mustExec } from '../../testing/fixtures.ts';
import { eventsFor } from '../../testing/workloads.ts';

interface Obj { metadata: { name: string; namespace?: string; uid?: string; annotations?: Record<string, string> }; spec?: Record<string, unknown> & { nodeName?: string; volumeName?: string }; status?: Record<string, unknown> & { phase?: string } }

const get = (c: KubesimCluster, kind: string, name: string) => (c.list(kind) as unknown as Obj[]).find((o) => o.metadata.name === name);
const list = (c: KubesimCluster, kind: string) => c.list(kind) as unknown as Obj[];
const phase = (c: KubesimCluster, kind: string, name: string) => get(c, kind, name)?.status?.phase;

const STS = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 2
  selector:
    matchLabels: {app: db}
  template:
    metadata:
      labels: {app: db}
    spec:
      containers:
      - name: db
        image: nginx:1.27
        volumeMounts:
        - {name: data, mountPath: /var/lib/data}
  volumeClaimTemplates:
  - metadata: {name: data}
    spec:
      accessModes: [ReadWriteOnce]
      resources: {requests: {storage: 1Gi}}
`;

const claimPod = (name: string, claim: string, node?: string) => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
${node ? `  nodeName: ${node}\n` : ''}  containers:
  - name: app
    image: nginx:1.27
    volumeMounts:
    - {name: data, mountPath: /data}
  volumes:
  - name: data
    persistentVolumeClaim: {claimName: ${claim}}
`;

const pvc = (name: string, cls: string | null, size = '1Gi', mode = 'ReadWriteOnce') => `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: ${name}
spec:
${cls === null ? '' : `  storageClassName: "${cls}"\n`}  accessModes: [${mode}]
  resources: {requests: {storage: ${size}}}
`;

const hostPathPV = (name: string, size: string, policy = 'Retain', cls = '') => `apiVersion: v1
kind: PersistentVolume
metadata:
  name: ${name}
spec:
  storageClassName: "${cls}"
  capacity: {storage: ${size}}
  accessModes: [ReadWriteOnce]
  persistentVolumeReclaimPolicy: ${policy}
  hostPath: {path: /mnt/${name}}
`;

describe('dynamic provisioning through csi.kubesim.io', () => {
  it('bootstraps the CSIDriver, the default class "standard" and a CSINode per node', () => {
    const c = clusterWithNodes(2);
    expect(mustExec(c, 'kubectl get sc')).toMatch(/^NAME\s+PROVISIONER\s+RECLAIMPOLICY\s+VOLUMEBINDINGMODE\s+ALLOWVOLUMEEXPANSION\s+AGE\nstandard \(default\)\s+csi\.kubesim\.io\s+Delete\s+WaitForFirstConsumer\s+true\s+\d+s\n$/);
    expect(mustExec(c, 'kubectl get csidrivers')).toMatch(/^NAME\s+ATTACHREQUIRED\s+PODINFOONMOUNT\s+STORAGECAPACITY\s+TOKENREQUESTS\s+REQUIRESREPUBLISH\s+MODES\s+AGE\ncsi\.kubesim\.io\s+true\s+false\s+false\s+<unset>\s+false\s+Persistent\s+\d+s\n$/);
    expect(get(c, 'CSINode', 'w1')?.spec).toEqual({ drivers: [{ name: 'csi.kubesim.io', nodeID: 'w1', allocatable: { count: 32 } }] });
    expect(mustExec(c, 'kubectl get csinodes')).toMatch(/^NAME\s+DRIVERS\s+AGE\nw1\s+1\s+\d+s\nw2\s+1\s+\d+s\n$/);
    expect(mustExec(c, 'kubectl describe sc standard')).toContain([
      'Name:            standard', 'IsDefaultClass:  Yes',
    ].join('\n'));
    expect(mustExec(c, 'kubectl describe sc standard')).toContain([
      'Provisioner:           csi.kubesim.io', 'Parameters:            <none>', 'AllowVolumeExpansion:  True', 'MountOptions:          <none>',
      'ReclaimPolicy:         Delete', 'VolumeBindingMode:     WaitForFirstConsumer', 'Events:                <none>',
    ].join('\n'));
  });

  it('waits for the first consumer, provisions on the selected node, attaches and mounts before the containers start', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', pvc('data', null));
    c.advance(5);
    // DefaultStorageClass gave the claim the default class; WaitForFirstConsumer keeps it Pending.
    expect(get(c, 'PersistentVolumeClaim', 'data')?.spec?.storageClassName).toBe('standard');
    expect(phase(c, 'PersistentVolumeClaim', 'data')).toBe('Pending');
    expect(eventsFor(c, 'PersistentVolumeClaim', 'data')).toEqual(['WaitForFirstConsumer waiting for first consumer to be created before binding']);
    mustExec(c, 'kubectl apply -f -', claimPod('app', 'data'));
    c.advance(30);
    const claim = get(c, 'PersistentVolumeClaim', 'data')!;
    const node = get(c, 'Pod', 'app')!.spec!.nodeName!;
    expect(claim.metadata.annotations).toMatchObject({ 'volume.kubernetes.io/selected-node': node, 'pv.kubernetes.io/bind-completed': 'yes', 'volume.kubernetes.io/storage-provisioner': 'csi.kubesim.io' });
    expect(claim.spec?.volumeName).toBe(`pvc-${claim.metadata.uid}`);
    expect(phase(c, 'Pod', 'app')).toBe('Running');
    expect(eventsFor(c, 'PersistentVolumeClaim', 'data').slice(1)).toEqual([
      "ExternalProvisioning Waiting for a volume to be created either by the external provisioner 'csi.kubesim.io' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.",
      'Provisioning External provisioner is provisioning volume for claim "default/data"',
      `ProvisioningSucceeded Successfully provisioned volume pvc-${claim.metadata.uid}`,
    ]);
    const events = eventsFor(c, 'Pod', 'app');
    const attached = events.indexOf(`SuccessfulAttachVolume AttachVolume.Attach succeeded for volume "pvc-${claim.metadata.uid}"`);
    expect(attached).toBeGreaterThan(0);
    expect(events.findIndex((e) => e.startsWith('Pulling'))).toBeGreaterThan(attached);
    expect(mustExec(c, 'kubectl get pvc')).toMatch(new RegExp(`^NAME\\s+STATUS\\s+VOLUME\\s+CAPACITY\\s+ACCESS MODES\\s+STORAGECLASS\\s+VOLUMEATTRIBUTESCLASS\\s+AGE\\ndata\\s+Bound\\s+pvc-${claim.metadata.uid}\\s+1Gi\\s+RWO\\s+standard\\s+<unset>\\s+\\d+s\\n$`));
    expect(mustExec(c, 'kubectl get pv')).toMatch(/^NAME\s+CAPACITY\s+ACCESS MODES\s+RECLAIM POLICY\s+STATUS\s+CLAIM\s+STORAGECLASS\s+VOLUMEATTRIBUTESCLASS\s+REASON\s+AGE\npvc-\S+\s+1Gi\s+RWO\s+Delete\s+Bound\s+default\/data\s+standard\s+<unset>\s+\S+\n$/);
    const va = list(c, 'VolumeAttachment');
    expect(va).toHaveLength(1);
    expect(va[0].spec).toEqual({ attacher: 'csi.kubesim.io', nodeName: node, source: { persistentVolumeName: claim.spec!.volumeName } });
    expect(va[0].metadata.name).toMatch(/^csi-[0-9a-f]{64}$/);
    expect(mustExec(c, 'kubectl get volumeattachments')).toMatch(new RegExp(`^NAME\\s+ATTACHER\\s+PV\\s+NODE\\s+ATTACHED\\s+AGE\\n${va[0].metadata.name}\\s+csi\\.kubesim\\.io\\s+${claim.spec!.volumeName}\\s+${node}\\s+true\\s+\\d+s\\n$`));
    expect(get(c, 'Node', node)?.status?.volumesInUse).toEqual([`kubernetes.io/csi/csi.kubesim.io^${claim.spec!.volumeName}`]);
  });

  it('deletes a provisioned volume with the Delete policy once its claim is gone, and detaches it after its pod', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', pvc('data', null) + '---\n' + claimPod('app', 'data'));
    c.advance(30);
    const pv = get(c, 'PersistentVolumeClaim', 'data')!.spec!.volumeName!;
    mustExec(c, 'kubectl delete pod app');
    c.advance(40);
    expect(list(c, 'VolumeAttachment')).toEqual([]);
    expect(get(c, 'Node', 'w1')?.status?.volumesInUse).toBeUndefined();
    mustExec(c, 'kubectl delete pvc data');
    c.advance(5);
    expect(get(c, 'PersistentVolume', pv)).toBeUndefined();
  });

  it('grows a bound claim when its class allows expansion', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', pvc('data', null) + '---\n' + claimPod('app', 'data'));
    c.advance(30);
    mustExec(c, `kubectl patch pvc data -p '{"spec":{"resources":{"requests":{"storage":"3Gi"}}}}'`);
    c.advance(10);
    const claim = get(c, 'PersistentVolumeClaim', 'data')!;
    expect(get(c, 'PersistentVolume', claim.spec!.volumeName!)?.spec?.capacity).toEqual({ storage: '3Gi' });
    expect(claim.status).toMatchObject({ capacity: { storage: '3Gi' }, allocatedResources: { storage: '3Gi' } });
    expect(claim.status?.conditions).toBeUndefined();
    expect(eventsFor(c, 'PersistentVolumeClaim', 'data').slice(-4)).toEqual([
      'ExternalExpanding waiting for an external controller to expand this PVC',
      `Resizing External resizer is resizing volume ${claim.spec!.volumeName}`,
      'FileSystemResizeRequired Require file system resize of volume on node',
      `FileSystemResizeSuccessful MountVolume.NodeExpandVolume succeeded for volume "${claim.spec!.volumeName}" w1`,
    ]);
    const shrink = c.exec(`kubectl patch pvc data -p '{"spec":{"resources":{"requests":{"storage":"1Gi"}}}}'`);
    expect(shrink.stderr).toBe('The PersistentVolumeClaim "data" is invalid: spec.resources.requests.storage: Forbidden: field can not be less than status.capacity\n');
  });

  it('refuses to grow a claim whose class does not allow expansion', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', hostPathPV('pv1', '1Gi') + '---\n' + pvc('data', ''));
    c.advance(5);
    const r = c.exec(`kubectl patch pvc data -p '{"spec":{"resources":{"requests":{"storage":"2Gi"}}}}'`);
    expect(r.stderr).toBe('Error from server (Forbidden): persistentvolumeclaims "data" is forbidden: only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize\n');
  });
});

describe('static binding and reclaim', () => {
  it('binds a claim to the smallest volume that fits, and keeps a Retain volume Released after the claim goes', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', [hostPathPV('big', '10Gi'), hostPathPV('small', '2Gi'), hostPathPV('tiny', '500Mi')].join('---\n'));
    c.advance(1);
    expect(list(c, 'PersistentVolume').map((v) => v.status?.phase)).toEqual(['Available', 'Available', 'Available']);
    mustExec(c, 'kubectl apply -f -', pvc('data', '', '1Gi'));
    c.advance(1);
    expect(get(c, 'PersistentVolumeClaim', 'data')?.spec?.volumeName).toBe('small');
    expect(get(c, 'PersistentVolume', 'small')?.metadata.annotations).toMatchObject({ 'pv.kubernetes.io/bound-by-controller': 'yes' });
    expect(mustExec(c, 'kubectl get pvc data')).toMatch(/^NAME\s+STATUS\s+VOLUME\s+CAPACITY\s+ACCESS MODES\s+STORAGECLASS\s+VOLUMEATTRIBUTESCLASS\s+AGE\ndata\s+Bound\s+small\s+2Gi\s+RWO\s+<unset>\s+\d+s\n$/);
    mustExec(c, 'kubectl delete pvc data');
    c.advance(1);
    expect(phase(c, 'PersistentVolume', 'small')).toBe('Released');
    // A Released volume keeps its claimRef: a new claim of the same name does not get it back.
    mustExec(c, 'kubectl apply -f -', pvc('data', '', '1Gi'));
    c.advance(1);
    expect(get(c, 'PersistentVolumeClaim', 'data')?.spec?.volumeName).toBe('big');
  });

  it('waits with FailedBinding when nothing matches and no class is set', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', pvc('data', '', '5Gi'));
    c.advance(1);
    expect(eventsFor(c, 'PersistentVolumeClaim', 'data')).toEqual(['FailedBinding no persistent volumes available for this claim and no storage class is set']);
  });

  it('cannot delete a non-provisioned volume: Failed with VolumeFailedDelete', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', hostPathPV('pv1', '1Gi', 'Delete') + '---\n' + pvc('data', ''));
    c.advance(1);
    mustExec(c, 'kubectl delete pvc data');
    c.advance(1);
    expect(get(c, 'PersistentVolume', 'pv1')?.status).toMatchObject({ phase: 'Failed', message: 'error getting deleter volume plugin for volume "pv1": no deletable volume plugin matched' });
  });
});

describe('storage object in-use protection', () => {
  it('keeps a claim a pod uses Terminating until the pod is gone, then releases and deletes its volume', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', pvc('data', null) + '---\n' + claimPod('app', 'data'));
    c.advance(30);
    const pv = get(c, 'PersistentVolumeClaim', 'data')!.spec!.volumeName!;
    expect(get(c, 'PersistentVolume', pv)?.metadata).toMatchObject({ finalizers: ['kubernetes.io/pv-protection'] });
    mustExec(c, 'kubectl delete pvc data --wait=false');
    c.advance(10);
    expect(mustExec(c, 'kubectl get pvc data')).toMatch(/\ndata\s+Terminating\s+/);
    expect(mustExec(c, 'kubectl describe pvc data')).toMatch(/\nFinalizers:\s+\[kubernetes\.io\/pvc-protection\]\n[\s\S]*\nUsed By:\s+app\n/);
    mustExec(c, 'kubectl delete pod app');
    c.advance(40);
    expect(get(c, 'PersistentVolumeClaim', 'data')).toBeUndefined();
    expect(get(c, 'PersistentVolume', pv)).toBeUndefined();
  });
});

describe('scheduling with volumes', () => {
  const fitError = (c: KubesimCluster, pod: string) => eventsFor(c, 'Pod', pod).filter((e) => e.startsWith('FailedScheduling')).at(-1);

  it('keeps a pod with an unbound Immediate claim Pending until the claim binds', () => {
    const c = clusterWithNodes(2);
    c.advance(10);
    mustExec(c, 'kubectl apply -f -', `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: manual}
provisioner: example.com/nfs
`);
    mustExec(c, 'kubectl apply -f -', pvc('data', 'manual') + '---\n' + claimPod('app', 'data'));
    c.advance(5);
    expect(fitError(c, 'app')).toBe('FailedScheduling 0/2 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.');
    // The binder's periodic resync finds the new volume for the waiting claim.
    mustExec(c, 'kubectl apply -f -', hostPathPV('pv1', '1Gi', 'Retain', 'manual'));
    c.advance(30);
    expect(phase(c, 'Pod', 'app')).toBe('Running');
  });

  it('rejects nodes without a matching volume for a WaitForFirstConsumer class that cannot provision', () => {
    const c = clusterWithNodes(2);
    c.advance(10);
    mustExec(c, 'kubectl apply -f -', `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: local}
provisioner: kubernetes.io/no-provisioner
volumeBindingMode: WaitForFirstConsumer
`);
    mustExec(c, 'kubectl apply -f -', pvc('data', 'local') + '---\n' + claimPod('app', 'data'));
    c.advance(5);
    expect(fitError(c, 'app')).toBe("FailedScheduling 0/2 nodes are available: 2 node(s) didn't find available persistent volumes to bind. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.");
    // A local volume on w2 binds at scheduling time and brings the pod there.
    mustExec(c, 'kubectl apply -f -', `apiVersion: v1
kind: PersistentVolume
metadata: {name: local-w2}
spec:
  storageClassName: local
  capacity: {storage: 5Gi}
  accessModes: [ReadWriteOnce]
  local: {path: /mnt/disks/a}
  nodeAffinity:
    required:
      nodeSelectorTerms:
      - matchExpressions: [{key: kubernetes.io/hostname, operator: In, values: [w2]}]
`);
    c.advance(20);
    expect(get(c, 'Pod', 'app')?.spec?.nodeName).toBe('w2');
    expect(get(c, 'PersistentVolumeClaim', 'data')?.spec?.volumeName).toBe('local-w2');
    expect(phase(c, 'Pod', 'app')).toBe('Running');
  });

  it('counts the CSI volumes attached to a node against its CSINode limit', () => {
    const c = clusterWithNodes(1);
    c.advance(10);
    mustExec(c, `kubectl patch csinode w1 --type=json -p '[{"op":"replace","path":"/spec/drivers/0/allocatable/count","value":1}]'`);
    mustExec(c, 'kubectl apply -f -', pvc('one', null) + '---\n' + claimPod('a', 'one'));
    c.advance(30);
    mustExec(c, 'kubectl apply -f -', pvc('two', null) + '---\n' + claimPod('b', 'two'));
    c.advance(5);
    expect(fitError(c, 'b')).toBe('FailedScheduling 0/1 nodes are available: 1 node(s) exceed max volume count. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.');
  });

  it('refuses a second pod for a ReadWriteOncePod claim in use', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', pvc('data', null, '1Gi', 'ReadWriteOncePod') + '---\n' + claimPod('a', 'data'));
    c.advance(30);
    mustExec(c, 'kubectl apply -f -', claimPod('b', 'data'));
    c.advance(5);
    expect(fitError(c, 'b')).toBe('FailedScheduling 0/2 nodes are available: 2 node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.');
  });
});

describe('kubelet volumes', () => {
  it('keeps a pod whose ConfigMap is missing in ContainerCreating with FailedMount, and starts it once the ConfigMap exists', () => {
    const c = clusterWithNodes(1);
    mustExec(c, 'kubectl apply -f -', `apiVersion: v1
kind: Pod
metadata: {name: app}
spec:
  containers:
  - name: app
    image: nginx:1.27
    volumeMounts: [{name: cfg, mountPath: /etc/app}]
  volumes:
  - name: cfg
    configMap: {name: app-config}
`);
    c.advance(10);
    expect(mustExec(c, 'kubectl get pod app')).toMatch(/^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\napp\s+0\/1\s+ContainerCreating\s+0\s+10s\n$/);
    const failed = eventsFor(c, 'Pod', 'app').filter((e) => e.startsWith('FailedMount'));
    expect(new Set(failed)).toEqual(new Set(['FailedMount MountVolume.SetUp failed for volume "cfg" : configmap "app-config" not found']));
    c.advance(120);
    expect(eventsFor(c, 'Pod', 'app')).toContain('FailedMount Unable to attach or mount volumes: unmounted volumes=[cfg], unattached volumes=[], failed to process volumes=[]: context deadline exceeded');
    mustExec(c, 'kubectl create configmap app-config --from-literal=a=b');
    c.advance(130);
    expect(phase(c, 'Pod', 'app')).toBe('Running');
  });
});

describe('a StatefulSet whose volumes follow its pods', () => {
  function podOn(c: KubesimCluster, name: string) { return get(c, 'Pod', name); }

  it('re-attaches the same volume on another node after its node is deleted', () => {
    const c = clusterWithNodes(3);
    mustExec(c, 'kubectl apply -f -', STS);
    c.advance(60);
    const first = podOn(c, 'db-0')!;
    const volume = get(c, 'PersistentVolumeClaim', 'data-db-0')!.spec!.volumeName!;
    const vaOn = () => list(c, 'VolumeAttachment').filter((v) => (v.spec?.source as { persistentVolumeName?: string }).persistentVolumeName === volume).map((v) => v.spec?.nodeName);
    expect(vaOn()).toEqual([first.spec!.nodeName]);
    mustExec(c, `sim node delete ${first.spec!.nodeName}`);
    c.advance(120);
    const second = podOn(c, 'db-0')!;
    expect(second.metadata.uid).not.toBe(first.metadata.uid);
    expect(second.spec!.nodeName).not.toBe(first.spec!.nodeName);
    expect(second.status?.phase).toBe('Running');
    // The claim stayed bound to the same volume; the attachment moved with the pod.
    expect(get(c, 'PersistentVolumeClaim', 'data-db-0')?.spec?.volumeName).toBe(volume);
    expect(vaOn()).toEqual([second.spec!.nodeName]);
    expect(list(c, 'PersistentVolume')).toHaveLength(2);
  });

  it('reports Multi-Attach while a stopped node still holds the volume, and attaches after maxWaitForUnmountDuration', () => {
    const c = clusterWithNodes(3);
    mustExec(c, 'kubectl apply -f -', STS);
    c.advance(60);
    const first = podOn(c, 'db-0')!;
    const volume = get(c, 'PersistentVolumeClaim', 'data-db-0')!.spec!.volumeName!;
    mustExec(c, `sim node stop ${first.spec!.nodeName}`);
    c.advance(60);
    mustExec(c, 'kubectl delete pod db-0 --force --grace-period=0');
    c.advance(30);
    const second = podOn(c, 'db-0')!;
    expect(second.spec!.nodeName).not.toBe(first.spec!.nodeName);
    expect(eventsFor(c, 'Pod', 'db-0')).toContain(`FailedAttachVolume Multi-Attach error for volume "${volume}" Volume is already exclusively attached to one node and can't be attached to another`);
    expect(second.status?.phase).toBe('Pending');
    c.advance(6 * 60);
    expect(podOn(c, 'db-0')?.status?.phase).toBe('Running');
    expect(list(c, 'VolumeAttachment').filter((v) => (v.spec?.source as { persistentVolumeName?: string }).persistentVolumeName === volume).map((v) => v.spec?.nodeName)).toEqual([second.spec!.nodeName]);
  });
});

describe('zones', () => {
  it('provisions in the zone of the selected node, and a replacement pod stays in that zone', () => {
    const c = createCluster({ seed: 3 });
    for (const [n, zone] of [['a1', 'zone-a'], ['a2', 'zone-a'], ['b1', 'zone-b']]) mustExec(c, `sim node add ${n} --cpu 4 --memory 16Gi --labels topology.kubernetes.io/zone=${zone}`);
    c.advance(10);
    expect(get(c, 'CSINode', 'a1')?.spec).toMatchObject({ drivers: [{ topologyKeys: ['topology.kubernetes.io/zone'] }] });
    mustExec(c, 'kubectl apply -f -', STS.replace('replicas: 2', 'replicas: 1').replace('    spec:\n      containers:', '    spec:\n      nodeSelector: {kubernetes.io/hostname: a1}\n      containers:'));
    c.advance(40);
    const pv = get(c, 'PersistentVolume', get(c, 'PersistentVolumeClaim', 'data-db-0')!.spec!.volumeName!)!;
    expect(pv.spec?.nodeAffinity).toEqual({ required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['zone-a'] }] }] } });
    // The pod may now go anywhere; the volume keeps it in zone-a.
    mustExec(c, `kubectl patch sts db --type=json -p '[{"op":"remove","path":"/spec/template/spec/nodeSelector"}]'`);
    c.advance(60);
    mustExec(c, `sim node delete ${get(c, 'Pod', 'db-0')!.spec!.nodeName}`);
    c.advance(120);
    const pod = get(c, 'Pod', 'db-0')!;
    expect(pod.spec?.nodeName).toMatch(/^a[12]$/);
    expect(pod.status?.phase).toBe('Running');
    const trace = mustExec(c, 'sim explain pod db-0');
    expect(trace).toMatch(/b1\s+VolumeBinding\s+node\(s\) had volume node affinity conflict/);
  });
});

describe('snapshot round trip', () => {
  it('rebuilds the CSI backend from PVs and VolumeAttachments: a restored volume can still be expanded and re-attached', () => {
    const c = clusterWithNodes(2);
    mustExec(c, 'kubectl apply -f -', pvc('data', null) + '---\n' + claimPod('app', 'data'));
    c.advance(30);
    const r = createCluster({ snapshot: c.snapshot() });
    r.advance(5);
    expect(phase(r, 'Pod', 'app')).toBe('Running');
    mustExec(r, `kubectl patch pvc data -p '{"spec":{"resources":{"requests":{"storage":"2Gi"}}}}'`);
    r.advance(10);
    expect(get(r, 'PersistentVolumeClaim', 'data')?.status?.capacity).toEqual({ storage: '2Gi' });
    mustExec(r, 'kubectl delete pod app');
    r.advance(40);
    mustExec(r, 'kubectl apply -f -', claimPod('app2', 'data'));
    r.advance(30);
    expect(phase(r, 'Pod', 'app2')).toBe('Running');
  });
});
