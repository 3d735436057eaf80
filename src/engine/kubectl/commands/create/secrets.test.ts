import { describe, expect, it } from 'vitest';
import { createCluster } from '../../../index.ts';
import { dockerConfigJson } from './secrets.ts';

const CERT = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ2==\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBq==\n-----END EC PRIVATE KEY-----\n';

describe('kubectl create secret docker-registry', () => {
  it('writes ~/.docker/config.json as kubectl does: fields in struct order, auth = base64(user:password)', () => {
    expect(dockerConfigJson('tiger', 'pass113', 'tiger@acme.example', 'https://index.docker.io/v1/'))
      .toBe('{"auths":{"https://index.docker.io/v1/":{"username":"tiger","password":"pass113","email":"tiger@acme.example","auth":"dGlnZXI6cGFzczExMw=="}}}');
    expect(dockerConfigJson('u', 'p<&>', '', 'r.example')).toBe('{"auths":{"r.example":{"username":"u","password":"p\\u003c\\u0026\\u003e","auth":"dTpwPCY+"}}}');
  });

  it('creates a kubernetes.io/dockerconfigjson Secret, or refuses without credentials', () => {
    const c = createCluster({ seed: 1 });
    expect(c.exec('kubectl create secret docker-registry regcred --docker-server=registry.example:5000 --docker-username=u --docker-password=p').stdout).toBe('secret/regcred created\n');
    expect(c.exec('kubectl get secret regcred -o jsonpath={.type}').stdout).toBe('kubernetes.io/dockerconfigjson');
    const data = c.exec("kubectl get secret regcred -o jsonpath='{.data.\\.dockerconfigjson}'").stdout;
    expect(JSON.parse(atob(data))).toEqual({ auths: { 'registry.example:5000': { username: 'u', password: 'p', auth: 'dTpw' } } });
    expect(c.exec('kubectl create secret docker-registry x --docker-username=u')).toEqual({ code: 1, stdout: '', stderr: 'error: either --from-file or the combination of --docker-username, --docker-password and --docker-server is required\n' });
    c.setFile('config.json', '{"auths":{}}');
    expect(c.exec('kubectl create secret docker-registry fromfile --from-file=.dockerconfigjson=config.json -o jsonpath={.data}').stdout).toBe('{".dockerconfigjson":"eyJhdXRocyI6e319"}');
  });
});

describe('kubectl create secret tls', () => {
  it('stores tls.crt and tls.key from the files', () => {
    const c = createCluster({ seed: 1 });
    c.setFile('tls.crt', CERT);
    c.setFile('tls.key', KEY);
    expect(c.exec('kubectl create secret tls web-tls --cert=tls.crt --key=tls.key').stdout).toBe('secret/web-tls created\n');
    expect(c.exec('kubectl get secret web-tls').stdout).toMatch(/^NAME\s+TYPE\s+DATA\s+AGE\nweb-tls\s+kubernetes.io\/tls\s+2\s+0s\n$/);
    expect(atob(c.exec("kubectl get secret web-tls -o jsonpath='{.data.tls\\.key}'").stdout)).toBe(KEY);
  });

  it.each([
    ['--cert=tls.crt', 'key and cert must be specified'],
    ['--cert=nope.crt --key=tls.key', 'Cannot read file nope.crt, open nope.crt: no such file or directory'],
    ['--cert=plain.txt --key=tls.key', 'tls: failed to find any PEM data in certificate input'],
    ['--cert=tls.key --key=tls.crt', 'tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched'],
    ['--cert=tls.crt --key=tls.crt', 'tls: found a certificate rather than a key in the PEM for the private key'],
    ['--cert=tls.crt --key=plain.txt', 'tls: failed to find any PEM data in key input'],
    ['--cert=csr.pem --key=tls.key', 'tls: failed to find "CERTIFICATE" PEM block in certificate input after skipping PEM blocks of the following types: [CERTIFICATE REQUEST PUBLIC KEY]'],
  ])('%s → %s', (flags, msg) => {
    const c = createCluster({ seed: 1 });
    c.setFile('tls.crt', CERT);
    c.setFile('tls.key', KEY);
    c.setFile('plain.txt', 'not pem');
    c.setFile('csr.pem', '-----BEGIN CERTIFICATE REQUEST-----\nx\n-----END CERTIFICATE REQUEST-----\n-----BEGIN PUBLIC KEY-----\ny\n-----END PUBLIC KEY-----\n');
    expect(c.exec(`kubectl create secret tls t ${flags}`)).toEqual({ code: 1, stdout: '', stderr: `error: ${msg}\n` });
    expect(c.exec('kubectl get secret t').code).toBe(1);
  });
});
