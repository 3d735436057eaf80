// kubectl cp (cp.go) through tar in the container (node/runtime/fs/tar.ts): kubectl's and tar's texts, and files
// that go into a pod and come back unchanged.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { KubesimCluster } from '../../index.ts';
import { clusterWithNodes, mustExec } from '../../testing/fixtures.ts';

const POD = `apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
  - name: c
    image: nginx
    volumeMounts: [{name: cfg, mountPath: /etc/app}, {name: one, mountPath: /etc/one/app.properties, subPath: app.properties}, {name: scratch, mountPath: /data}]
  - name: box
    image: busybox
    command: [sh, -c, 'sleep 3600']
    volumeMounts: [{name: scratch, mountPath: /data}, {name: cfg, mountPath: /etc/app}]
  - name: pause
    image: registry.k8s.io/pause:3.10
  volumes: [{name: cfg, configMap: {name: app}}, {name: one, configMap: {name: app}}, {name: scratch, emptyDir: {}}]
`;

let c: KubesimCluster;
const run = (line: string) => c.exec(line) as { code: number; stdout: string; stderr: string; files?: { name: string; text: string }[] };
const DEFAULTED = 'Defaulted container "c" out of: c, box, pause\n';

beforeAll(() => {
  c = clusterWithNodes(1);
  mustExec(c, 'kubectl create configmap app --from-literal=app.properties=color=blue');
  mustExec(c, 'kubectl apply -f -', POD);
  c.advance(30);
  c.setFile('notes.txt', 'hello\nworld\n');
  c.setFile('site/index.html', '<h1>hi</h1>\n');
  c.setFile('site/css/main.css', 'h1{}\n');
});

describe('kubectl cp: kubectl\'s and tar\'s texts', () => {
  it.each([
    ['cp a', 'error: source and destination are required\n', 1],
    ['cp a b', 'error: one of src or dest must be a remote file specification\n', 1],
    ['cp web:/a other:/b', 'error: one of src or dest must be a local file specification\n', 1],
    ['cp :a b', 'error: filespec must match the canonical format: [[namespace/]pod:]file/path\n', 1],
    ['cp a/b/c:/x y', 'error: filespec must match the canonical format: [[namespace/]pod:]file/path\n', 1],
    ['cp web: b', 'error: filepath can not be empty\n', 1],
    ['cp missing.txt web:/data', 'error: missing.txt doesn\'t exist in local filesystem\n', 1],
    ['cp web:/nope x -c c', 'command terminated with exit code 2\n', 2],
    ['cp web:/nope x -c box', 'command terminated with exit code 1\n', 1],
    ['cp notes.txt web:/etc/app/notes.txt -c c', 'tar: notes.txt: Cannot open: Read-only file system\ntar: Exiting with failure status due to previous errors\ncommand terminated with exit code 2\n', 2],
    ['cp notes.txt web:/etc/app/notes.txt -c box', "tar: can't open 'notes.txt': Read-only file system\ncommand terminated with exit code 1\n", 1],
    ['cp notes.txt web:/nope/x.txt -c c', 'tar: /nope: Cannot open: No such file or directory\ntar: Error is not recoverable: exiting now\ncommand terminated with exit code 2\n', 2],
    ['cp site web:/data/notes.txt -c c', 'tar: notes.txt/css/main.css: Cannot open: Not a directory\ntar: notes.txt/index.html: Cannot open: Not a directory\ntar: Exiting with failure status due to previous errors\ncommand terminated with exit code 2\n', 2],
    ['cp notes.txt web:/data -c pause', 'error: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "', 1],
    ['cp web:/etc/one/app.properties . -c c', 'error: open .: is a directory\n', 1],
    ['cp notes.txt web:/data --as=jane', 'Error from server (Forbidden): pods "web" is forbidden: User "jane" cannot get resource "pods" in API group "" in the namespace "default"\n', 1],
  ])('kubectl %s', (line, stderr, code) => {
    // The read-only and directory cases need notes.txt in the pod first.
    mustExec(c, 'kubectl cp notes.txt web:/data/notes.txt -c c');
    const r = run(`kubectl ${line}`);
    expect(r.code).toBe(code);
    expect(r.stderr.startsWith(stderr) || r.stderr.endsWith(stderr)).toBe(true);
  });

  it('the pause image has no tar: exec\'s "executable file not found" for tar', () => {
    expect(run('kubectl cp web:/etc/hosts h -c pause').stderr).toMatch(/exec: "tar": executable file not found in \$PATH: unknown\n$/);
  });

  it('copies out of a pod into a document, tar\'s stderr on stdout; a missing file is tar\'s Cannot stat', () => {
    expect(run('kubectl cp web:/etc/one/app.properties app.properties')).toEqual({ code: 0, stdout: "tar: Removing leading `/' from member names\n", stderr: DEFAULTED, files: [{ name: 'app.properties', text: 'color=blue' }] });
    expect(run('kubectl cp default/web:/nope x -c c')).toEqual({ code: 2, stdout: "tar: Removing leading `/' from member names\ntar: /nope: Cannot stat: No such file or directory\ntar: Exiting with failure status due to previous errors\n", stderr: 'command terminated with exit code 2\n' });
    expect(run('kubectl cp web:/nope x -c box').stdout).toBe("tar: removing leading '/' from member names\ntar: /nope: No such file or directory\ntar: error exit delayed from previous errors\n");
  });

  it('skips a configMap volume\'s symlinks with kubectl\'s warning (the hint once), keeping the files behind ..data', () => {
    const r = run('kubectl cp web:/etc/app cfg -c c');
    expect(r.stderr).toMatch(/^warning: skipping symlink: "cfg\/..data" -> "..2\S+" \(consider using "kubectl exec -n "default" "web" -- tar cf - "\/etc\/app" \| tar xf -"\)\nwarning: skipping symlink: "cfg\/app.properties" -> "..data\/app.properties"\n$/);
    expect(r.files).toEqual([{ name: expect.stringMatching(/^cfg\/..2\S+\/app.properties$/), text: 'color=blue' }]);
  });

  it('into a directory the file keeps its name, else it takes the destination\'s; directories go whole; the sidecar sees the emptyDir', () => {
    mustExec(c, 'kubectl cp notes.txt web:/data -c c');
    mustExec(c, 'kubectl cp notes.txt web:/data/renamed.txt -c c');
    mustExec(c, 'kubectl cp site web:/data/site -c c');
    expect(mustExec(c, 'kubectl exec web -c box -- ls /data')).toBe('notes.txt\nrenamed.txt\nsite\n');
    expect(mustExec(c, 'kubectl exec web -c box -- cat /data/site/css/main.css')).toBe('h1{}\n');
    // The container's writable layer is its own.
    mustExec(c, 'kubectl cp notes.txt web:/tmp/n.txt -c c');
    expect(mustExec(c, 'kubectl exec web -c c -- cat /tmp/n.txt')).toBe('hello\nworld\n');
    expect(run('kubectl exec web -c box -- cat /tmp/n.txt').code).toBe(1);
  });
});

describe('property: a file copied into a pod and back is unchanged', () => {
  it('round-trips any text through an emptyDir and the writable layer', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.constantFrom('/data', '/tmp', '/root'), fc.constantFrom('c', 'box'), (text, dir, container) => {
      c.setFile('round.txt', text);
      mustExec(c, `kubectl cp round.txt web:${dir}/round.txt -c ${container}`);
      const r = run(`kubectl cp web:${dir}/round.txt back.txt -c ${container}`);
      expect(r.code).toBe(0);
      expect(r.files).toEqual([{ name: 'back.txt', text }]);
    }), { numRuns: 40 });
  });
});
