// kubectl exec curl / wget / nslookup / dig / host through the simulated data plane: the texts and exit codes of
// curl 8.x (lib/connect.c "Failed to connect to %s port %u after %ld ms: %s", lib/multi.c "Connection timed out
// after %ld milliseconds", CURLE_* codes), busybox 1.36 (wget.c "bad address '%s'", "can't connect to remote
// host (%s)", "download timed out", "server returned error: %s"; nslookup.c "Server:\t\t%s" / "Address:\t%s",
// "** server can't find %s: %s") and bind's nslookup/host/dig.
import fc from 'fast-check';
import type { Pod } from 'kubernetes-types/core/v1';
import { beforeAll, describe, expect, it } from 'vitest';
import type { KubesimCluster } from '../../../index.ts';
import { mustExec } from '../../../testing/fixtures.ts';
import { serving, sleeperPod, twoNodeCluster, webDeployment } from '../../../testing/dataplane.ts';
import { podListens } from './server.ts';

const sleeper = sleeperPod;

const manifests = `${webDeployment(2)}---
apiVersion: v1
kind: Service
metadata: {name: web}
spec: {selector: {app: web}, ports: [{port: 80}]}
---
apiVersion: v1
kind: Service
metadata: {name: wrongport}
spec: {selector: {app: web}, ports: [{port: 80, targetPort: 8080}]}
---
apiVersion: v1
kind: Service
metadata: {name: empty}
spec: {selector: {app: nothing}, ports: [{port: 80}]}
---
apiVersion: v1
kind: Service
metadata: {name: web-h}
spec: {clusterIP: None, selector: {app: web}, ports: [{port: 80}]}
---
apiVersion: v1
kind: Namespace
metadata: {name: other}
---
apiVersion: v1
kind: Pod
metadata: {name: api, namespace: other, labels: {app: api}}
spec: {hostname: api-0, containers: [{name: agnhost, image: 'registry.k8s.io/e2e-test-images/agnhost:2.53', args: [netexec, --http-port=8080]}]}
---
apiVersion: v1
kind: Service
metadata: {name: api, namespace: other}
spec: {selector: {app: api}, ports: [{port: 80, targetPort: 8080}]}
---
${sleeper('client', 'curlimages/curl:8.11.1')}${sleeper('bb', 'busybox:1.36')}${sleeper('ngx', 'nginx:1.27.3')}${sleeper('utils', 'registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3')}${sleeper('plain', 'ubuntu:24.04')}${sleeper('shoot', 'nicolaka/netshoot:v0.13')}`;

function cluster(): KubesimCluster {
  return serving(twoNodeCluster(7, 'calico'), manifests);
}

const get = (c: KubesimCluster, what: string) => mustExec(c, `kubectl get ${what}`);
const NGINX_PAGE = '<!DOCTYPE html>\n<html>\n<head>\n<title>Welcome to nginx!</title>\n</head>\n<body>\n<h1>Welcome to nginx!</h1>\n</body>\n</html>\n';
const NOT_FOUND = 'OCI runtime exec failed: exec failed: unable to start container process: exec: "curl": executable file not found in $PATH: unknown';

describe('kubectl exec network tools', () => {
  let c: KubesimCluster;
  let ip: Record<string, string>;
  beforeAll(() => {
    c = cluster();
    const svc = (n: string, ns = 'default') => get(c, `svc ${n} -n ${ns} -o jsonpath={.spec.clusterIP}`);
    ip = { web: svc('web'), wrongport: svc('wrongport'), empty: svc('empty'), api: svc('api', 'other') };
  });
  const run = (cmd: string) => c.exec(`kubectl exec ${cmd}`);
  // kubectl ends output that lacks a final newline with one (kubectl/commands/exec.ts).
  const failed = (code: number, stderr: string) => ({ code, stdout: '', stderr: `${stderr}\ncommand terminated with exit code ${code}\n` });

  it.each<[string, (ip: Record<string, string>) => { code: number; stdout: string; stderr: string }]>([
    // curl: the page, the name through the search path, -w, -f, -I, the failures.
    ['client -- curl -s http://web.default.svc.cluster.local', () => ({ code: 0, stdout: NGINX_PAGE, stderr: '' })],
    ['client -- curl -s web', () => ({ code: 0, stdout: NGINX_PAGE, stderr: '' })],
    ['client -- curl -s -o /dev/null -w %{http_code} web/missing', () => ({ code: 0, stdout: '404\n', stderr: '' })],
    ['client -- curl -sSf web/missing', () => failed(22, 'curl: (22) The requested URL returned error: 404')],
    ['client -- curl -sS --fail-with-body web/missing', () => ({ code: 22, stdout: '<html>\n<head><title>404 Not Found</title></head>\n<body>\n<center><h1>404 Not Found</h1></center>\n<hr><center>nginx/1.27.3</center>\n</body>\n</html>\n', stderr: 'curl: (22) The requested URL returned error: 404\ncommand terminated with exit code 22\n' })],
    ['client -- curl -s api.other', () => ({ code: 0, stdout: expect.stringMatching(/^NOW: 2026-01-01 00:00:\d\d\.\d{3} \+0000 UTC\n$/) as unknown as string, stderr: '' })],
    ['client -- curl -s api.other/hostname', () => ({ code: 0, stdout: 'api-0\n', stderr: '' })],
    ['client -- curl nosuch', () => failed(6, 'curl: (6) Could not resolve host: nosuch')],
    ['client -- curl -s nosuch', () => ({ code: 6, stdout: '', stderr: 'command terminated with exit code 6\n' })],
    ['client -- curl empty', () => failed(7, "curl: (7) Failed to connect to empty port 80 after 1 ms: Couldn't connect to server")],
    ['client -- curl -sS wrongport', () => failed(7, "curl: (7) Failed to connect to wrongport port 80 after 1 ms: Couldn't connect to server")],
    ['client -- curl -sS --max-time 2 web:8080', () => failed(28, 'curl: (28) Connection timed out after 2000 milliseconds')],
    ['client -- curl -sS --max-time 2 http://10.96.0.10:53', () => failed(52, 'curl: (52) Empty reply from server')],
    ['client -- sh -c "curl -sS --max-time 2 http://10.96.0.10:53 || echo down"', () => ({ code: 0, stdout: 'down\n', stderr: 'curl: (52) Empty reply from server\n' })],
    ['client -- curl --bogus web', () => failed(2, "curl: option --bogus: is unknown\ncurl: try 'curl --help' or 'curl --manual' for more information")],
    ['client -- curl', () => failed(2, "curl: no URL specified\ncurl: try 'curl --help' or 'curl --manual' for more information")],
    ['ngx -- curl -s -o /dev/null -w "%{http_code} %{remote_ip}" web', (i) => ({ code: 0, stdout: `200 ${i.web}\n`, stderr: '' })],
    // busybox wget.
    ['bb -- wget -qO- web', () => ({ code: 0, stdout: NGINX_PAGE, stderr: '' })],
    ['bb -- wget -O- web', (i) => ({ code: 0, stdout: NGINX_PAGE, stderr: `Connecting to web (${i.web}:80)\nwriting to stdout\nwritten to stdout\n` })],
    ['bb -- wget -q --spider web', () => ({ code: 0, stdout: '', stderr: '' })],
    ['bb -- wget -qO- nosuch', () => failed(1, "wget: bad address 'nosuch'")],
    ['bb -- wget -qO- empty', (i) => failed(1, `wget: can't connect to remote host (${i.empty}): Connection refused`)],
    ['bb -- wget -qO- -T 2 web:8080', () => failed(1, 'wget: download timed out')],
    ['bb -- wget -qO- web/missing', () => failed(1, 'wget: server returned error: HTTP/1.1 404 Not Found')],
    // nslookup: busybox's and bind's layouts, the search list, NXDOMAIN.
    ['bb -- nslookup web', (i) => ({ code: 0, stdout: `Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\nName:\tweb.default.svc.cluster.local\nAddress: ${i.web}\n\n\n`, stderr: '' })],
    ['bb -- nslookup api.other', (i) => ({ code: 0, stdout: `Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\nName:\tapi.other.svc.cluster.local\nAddress: ${i.api}\n\n\n`, stderr: '' })],
    ['bb -- nslookup nosuch', () => ({ code: 1, stdout: "Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\n** server can't find nosuch.default.svc.cluster.local: NXDOMAIN\n\n** server can't find nosuch.svc.cluster.local: NXDOMAIN\n\n** server can't find nosuch.cluster.local: NXDOMAIN\n\n** server can't find nosuch: NXDOMAIN\n\n", stderr: 'command terminated with exit code 1\n' })],
    ['utils -- nslookup web', (i) => ({ code: 0, stdout: `Server:\t\t10.96.0.10\nAddress:\t10.96.0.10#53\n\nName:\tweb.default.svc.cluster.local\nAddress: ${i.web}\n\n`, stderr: '' })],
    ['utils -- nslookup nosuch', () => ({ code: 1, stdout: "Server:\t\t10.96.0.10\nAddress:\t10.96.0.10#53\n\n** server can't find nosuch: NXDOMAIN\n\n", stderr: 'command terminated with exit code 1\n' })],
    ['utils -- host web', (i) => ({ code: 0, stdout: `web.default.svc.cluster.local has address ${i.web}\n`, stderr: '' })],
    ['utils -- host nosuch', () => failed(1, 'Host nosuch not found: 3(NXDOMAIN)')],
    // dig does not search: a bare Service name is NXDOMAIN, the full name answers.
    ['utils -- dig +short web', () => ({ code: 0, stdout: '', stderr: '' })],
    ['utils -- dig +short web.default.svc.cluster.local', (i) => ({ code: 0, stdout: `${i.web}\n`, stderr: '' })],
    ['utils -- dig +short +search web', (i) => ({ code: 0, stdout: `${i.web}\n`, stderr: '' })],
    // nc as a connect check: busybox's (nc_bloaty.c) and OpenBSD's (netshoot).
    ['bb -- nc -zv web 80', (i) => ({ code: 0, stdout: '', stderr: `web (${i.web}:80) open\n` })],
    ['bb -- nc -z empty 80', () => ({ code: 1, stdout: '', stderr: 'command terminated with exit code 1\n' })],
    ['bb -- nc -zvv empty 80', (i) => failed(1, `nc: empty (${i.empty}:80): Connection refused`)],
    ['bb -- nc -zv nosuch 80', () => failed(1, "nc: bad address 'nosuch'")],
    ['shoot -- nc -zv web 80', (i) => ({ code: 0, stdout: '', stderr: `Connection to web (${i.web}) 80 port [tcp/http] succeeded!\n` })],
    ['shoot -- nc -zv -w 2 web 8080', (i) => failed(1, `nc: connect to web (${i.web}) port 8080 (tcp) timed out: Operation now in progress`)],
    ['shoot -- nc -zv wrongport 80', (i) => failed(1, `nc: connect to wrongport (${i.wrongport}) port 80 (tcp) failed: Connection refused`)],
    // A tool the image does not have fails as any missing program does.
    ['bb -- sh -c "curl web"', () => failed(127, 'sh: curl: not found')],
    ['plain -- sh -c "curl web"', () => failed(127, 'sh: 1: curl: not found')],
    ['ngx -- sh -c "wget web"', () => failed(127, 'sh: 1: wget: not found')],
    ['utils -- curl web', () => ({ code: 1, stdout: '', stderr: expect.stringContaining(NOT_FOUND) as unknown as string })],
  ])('kubectl exec %s', (cmd, want) => {
    expect(run(cmd)).toEqual(want(ip));
  });

  it('headless Services answer every ready pod; pod A records answer their address', () => {
    const podIPs = get(c, 'pods -l app=web -o jsonpath={.items[*].status.podIP}').split(' ').sort();
    const answer = run('utils -- dig +short web-h.default.svc.cluster.local').stdout.trim().split('\n').sort();
    expect(answer).toEqual(podIPs);
    const dashed = podIPs[0].replaceAll('.', '-');
    expect(run(`utils -- host ${dashed}.default.pod`).stdout).toBe(`${dashed}.default.pod.cluster.local has address ${podIPs[0]}\n`);
  });

  it('curl -v shows the resolved address, the request and the response headers', () => {
    const r = run('client -- curl -v web');
    expect(r.stdout).toBe(NGINX_PAGE);
    expect(r.stderr).toBe([
      '* Host web:80 was resolved.', '* IPv6: (none)', `* IPv4: ${ip.web}`, `*   Trying ${ip.web}:80...`, `* Connected to web (${ip.web}) port 80`,
      '> GET / HTTP/1.1', '> Host: web', '> User-Agent: curl/8.11.1', '> Accept: */*', '> ', '* Request completely sent off',
      '< HTTP/1.1 200 OK', '< Server: nginx/1.27.3', '< Date: Thu, 01 Jan 2026 00:00:30 GMT', '< Content-Type: text/html', `< Content-Length: ${NGINX_PAGE.length}`,
      '< Connection: keep-alive', '< Accept-Ranges: bytes', '< ', '* Connection #0 to host web left intact', '',
    ].join('\n'));
  });

  it('sim trace request shows the pod refusing a port nothing listens on', () => {
    expect(mustExec(c, 'sim trace request http://wrongport --from client')).toMatch(/\n\d+\. pod default\/web-[a-z0-9]+-[a-z0-9]+: nothing listens on port 8080\nresult: curl: \(7\) /);
  });

  it('property: curl from a pod succeeds exactly when sim trace request from it reaches a pod, and fails the same way', () => {
    const codes = { dns: 6, refused: 7, timeout: 28 } as Record<string, number>;
    fc.assert(fc.property(
      fc.constantFrom('web', 'web.default', 'wrongport', 'empty', 'nosuch', 'api.other', 'api', 'web-h', '10.96.0.1', ip.web),
      fc.constantFrom(80, 8080, 443),
      (host, port) => {
        const url = `http://${host}:${port}/`;
        const trace = JSON.parse(mustExec(c, `sim trace request ${url} --from client -o json`)) as { ok: boolean; failure?: string };
        const r = run(`client -- curl -s -o /dev/null --connect-timeout 1 ${url}`);
        expect(r.code).toBe(trace.ok ? 0 : codes[trace.failure!]);
      },
    ), { numRuns: 40 });
  });
});

describe('a NetworkPolicy that drops the packets', () => {
  it('times out curl (the kernel gives up after its SYN retries) and wget, and drops DNS when egress to CoreDNS is denied', () => {
    const c = cluster();
    mustExec(c, 'kubectl apply -f -', 'apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: {name: deny-web}\nspec: {podSelector: {matchLabels: {app: web}}, policyTypes: [Ingress]}\n');
    c.advance(2);
    expect(c.exec('kubectl exec client -- curl -sS web').stderr).toBe("curl: (28) Failed to connect to web port 80 after 127000 ms: Couldn't connect to server\ncommand terminated with exit code 28\n");
    expect(c.exec('kubectl exec client -- curl -sS -m 3 web').stderr).toBe('curl: (28) Connection timed out after 3000 milliseconds\ncommand terminated with exit code 28\n');
    const webIP = mustExec(c, 'kubectl get svc web -o jsonpath={.spec.clusterIP}');
    expect(c.exec('kubectl exec bb -- wget -qO- web').stderr).toBe(`wget: can't connect to remote host (${webIP}): Connection timed out\ncommand terminated with exit code 1\n`);
    mustExec(c, 'kubectl apply -f -', 'apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: {name: no-egress}\nspec: {podSelector: {}, policyTypes: [Egress]}\n');
    c.advance(2);
    expect(c.exec('kubectl exec bb -- nslookup web')).toEqual({ code: 1, stdout: ';; connection timed out; no servers could be reached\n\n', stderr: 'command terminated with exit code 1\n' });
    expect(c.exec('kubectl exec client -- curl web').stderr).toBe('curl: (6) Could not resolve host: web\ncommand terminated with exit code 6\n');
  });
});

describe('podListens', () => {
  const pod = (container: Record<string, unknown>): Pod => ({ metadata: { name: 'p' }, spec: { containers: [{ name: 'c', ...container }] } }) as Pod;
  it.each<[string, Record<string, unknown>, number, boolean]>([
    ['nginx on 80', { image: 'nginx' }, 80, true],
    ['nginx not on an undeclared 8080', { image: 'nginx', ports: [{ containerPort: 80 }] }, 8080, false],
    ['nginx on a port it declares (its configuration is taken to match)', { image: 'nginx', ports: [{ containerPort: 8080 }] }, 8080, true],
    ['redis on 6379', { image: 'redis:7' }, 6379, true],
    ['agnhost netexec on its --http-port', { image: 'registry.k8s.io/e2e-test-images/agnhost:2.53', args: ['netexec', '--http-port', '9000'] }, 9000, true],
    ['agnhost netexec not on its default when moved', { image: 'registry.k8s.io/e2e-test-images/agnhost:2.53', args: ['netexec', '--http-port=9000'] }, 8080, false],
    ['agnhost serve-hostname on 9376', { image: 'registry.k8s.io/e2e-test-images/agnhost:2.53', args: ['serve-hostname'] }, 9376, true],
    ['an unknown server on a declared port', { image: 'example.com/app:v1', ports: [{ containerPort: 3000 }] }, 3000, true],
    ['an unknown server not on an undeclared port', { image: 'example.com/app:v1', ports: [{ containerPort: 3000 }] }, 80, false],
    ['an unknown server that declares nothing on any port', { image: 'example.com/app:v1' }, 5678, true],
    ['busybox sleeping nowhere', { image: 'busybox', command: ['sleep', '3600'] }, 80, false],
  ])('%s', (_, container, port, want) => {
    expect(podListens(pod(container), port)).toBe(want);
  });
});
