import { describe, expect, it } from 'vitest';
import { createCluster } from '../../../index.ts';

const c = createCluster({ seed: 1 });
const quote = (s: string) => `'${s}'`;
const line = (o: { rules?: string[]; backend?: string; annotations?: string[]; cls?: string }) => [
  'kubectl create ingress test-ingress --dry-run=client -o json',
  ...(o.rules ?? []).map((r) => `--rule=${quote(r)}`),
  ...(o.annotations ?? []).map((a) => `--annotation=${quote(a)}`),
  ...(o.backend !== undefined ? [`--default-backend=${quote(o.backend)}`] : []),
  ...(o.cls ? [`--class=${o.cls}`] : []),
].join(' ');

const FORMAT = 'is invalid and should be in format host/path=svcname:svcport[,tls[=secret]]';

// create_ingress_test.go TestCreateIngressValidation.
describe('kubectl create ingress: validation', () => {
  it.each([
    ['no default backend and rule', {}, 'not enough information provided: every ingress has to either specify a default-backend (which catches all traffic) or a list of rules (which catch specific paths)'],
    ['invalid default backend separator', { backend: 'xpto,4444' }, 'default-backend should be in format servicename:serviceport'],
    ['default backend without port', { backend: 'xpto' }, 'default-backend should be in format servicename:serviceport'],
    ['default backend is ok', { backend: 'xpto:4444' }, ''],
    ['invalid annotation', { backend: 'xpto:4444', annotations: ['key1=value1', 'key2'] }, 'annotation key2 is invalid and should be in format key=[value]'],
    ['valid annotations', { backend: 'xpto:4444', annotations: ['key1=value1', 'key2='] }, ''],
    ['multiple conformant rules', { rules: ['foo.com/path*=svc:8080', 'bar.com/admin*=svc2:http'] }, ''],
    ['one invalid and two valid rules', { rules: ['foo.com=svc:redis,tls', 'foo.com/path/subpath*=othersvc:8080', 'foo.com/*=svc:8080,tls=secret1'] }, `rule foo.com=svc:redis,tls ${FORMAT}`],
    ['service without port', { rules: ['foo.com/=svc,tls'] }, `rule foo.com/=svc,tls ${FORMAT}`],
    ['valid tls rule without secret', { rules: ['foo.com/=svc:http,tls='] }, ''],
    ['valid tls rule with secret', { rules: ['foo.com/=svc:http,tls=secret123'] }, ''],
    ['valid path with type prefix', { rules: ['foo.com/admin*=svc:8080'] }, ''],
    ['wildcard host', { rules: ['*.foo.com/admin*=svc:8080'] }, ''],
    ['invalid separation between ingress and service', { rules: ['*.foo.com/path,svc:8080'] }, `rule *.foo.com/path,svc:8080 ${FORMAT}`],
    ['two invalid and one valid rule', { rules: ['foo.com/path/subpath*=svc:redis,tls=blo', 'foo.com=othersvc:8080', 'foo.com/admin=svc,tls=secret1'] }, `rule foo.com=othersvc:8080 ${FORMAT}`],
    ['valid catch all rule', { rules: ['/path/subpath*=svc:redis,tls=blo'] }, ''],
  ])('%s', (_, o, want) => {
    const r = c.exec(line(o));
    expect(r.stderr).toBe(want ? `error: ${want}\n` : '');
    expect(r.code).toBe(want ? 1 : 0);
  });
});

const svc = (name: string, port: number | string) => ({ service: { name, port: typeof port === 'number' ? { number: port } : { name: port } } });
const path = (p: string, pathType: string, backend: ReturnType<typeof svc>) => ({ path: p, pathType, backend });

// create_ingress_test.go TestCreateIngress (empty TLS lists and annotation maps are left out, as json omits them).
describe('kubectl create ingress: the object', () => {
  it.each([
    ['catch all host and default backend with default TLS returns empty TLS', { rules: ['/=catchall:8080,tls='], cls: 'nginx', backend: 'service1:https' }, {
      ingressClassName: 'nginx', defaultBackend: svc('service1', 'https'),
      rules: [{ http: { paths: [path('/', 'Exact', svc('catchall', 8080))] } }],
    }],
    ['catch all with path of type prefix and secret name', { rules: ['/path*=catchall:8080,tls=secret1'], cls: 'nginx', backend: 'service1:https' }, {
      ingressClassName: 'nginx', defaultBackend: svc('service1', 'https'), tls: [{ secretName: 'secret1' }],
      rules: [{ http: { paths: [path('/path', 'Prefix', svc('catchall', 8080))] } }],
    }],
    ['mixed hosts with mixed TLS configuration and a default backend', {
      rules: ['foo.com/=foo-svc:8080,tls=', 'foo.com/admin=foo-admin-svc:http,tls=', 'bar.com/prefix*=bar-svc:8080,tls=bar-secret', 'bar.com/noprefix=barnp-svc:8443,tls', 'foobar.com/*=foobar-svc:https', 'foobar1.com/*=foobar1-svc:https,tls=bar-secret'],
      backend: 'service2:8080',
    }, {
      defaultBackend: svc('service2', 8080),
      tls: [{ hosts: ['foo.com'] }, { hosts: ['bar.com', 'foobar1.com'], secretName: 'bar-secret' }],
      rules: [
        { host: 'foo.com', http: { paths: [path('/', 'Exact', svc('foo-svc', 8080)), path('/admin', 'Exact', svc('foo-admin-svc', 'http'))] } },
        { host: 'bar.com', http: { paths: [path('/prefix', 'Prefix', svc('bar-svc', 8080)), path('/noprefix', 'Exact', svc('barnp-svc', 8443))] } },
        { host: 'foobar.com', http: { paths: [path('/', 'Prefix', svc('foobar-svc', 'https'))] } },
        { host: 'foobar1.com', http: { paths: [path('/', 'Prefix', svc('foobar1-svc', 'https'))] } },
      ],
    }],
  ])('%s', (_, o, spec) => {
    const r = c.exec(line(o));
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).spec).toEqual(spec);
  });

  it('keeps annotations, and creates the Ingress in the command namespace', () => {
    const k = createCluster({ seed: 1 });
    const r = k.exec(line({ rules: ['foo.com/=svc:8080,tls=secret1', 'foo.com/subpath*=othersvc:8080,tls=secret1'], annotations: ['ingress.kubernetes.io/annotation1=bla', 'ingress.kubernetes.io/annotation2=blo'] }));
    const obj = JSON.parse(r.stdout);
    expect(obj.metadata.annotations).toEqual({ 'ingress.kubernetes.io/annotation1': 'bla', 'ingress.kubernetes.io/annotation2': 'blo' });
    expect(obj.spec.tls).toEqual([{ hosts: ['foo.com'], secretName: 'secret1' }]);
    expect(k.exec("kubectl create ing web --rule='web.example/*=web:80' -n kube-system").stdout).toBe('ingress.networking.k8s.io/web created\n');
    expect(k.exec('kubectl get ingress web -n kube-system -o jsonpath={.spec.rules[0].http.paths[0].pathType}').stdout).toBe('Prefix');
  });
});
