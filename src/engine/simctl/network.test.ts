import { describe, expect, it } from 'vitest';
import { createCluster } from '../index.ts';
import { mustExec } from '../testing/fixtures.ts';

describe('sim traffic, dns, trace and proxy commands', () => {
  const c = createCluster({ seed: 31, cni: 'none' });
  mustExec(c, 'kubectl apply -f -', 'apiVersion: v1\nkind: Service\nmetadata: {name: web, namespace: kube-public}\nspec: {clusterIP: 10.96.0.50, ports: [{port: 80}]}\n');
  c.advance(3);

  it.each([
    ['sim traffic add x', 'error: usage: sim traffic add NAME URL [--rps N] [--from POD|external] [-n NAMESPACE]'],
    ['sim traffic add x http://web/ --rps -1', 'error: invalid --rps -1: must be greater than 0 and at most 100000'],
    ['sim traffic add X_1 http://web/', 'error: invalid traffic source name "X_1": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character (e.g. \'my-name\',  or \'123-abc\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?\')'],
    ['sim traffic add x ftp://web', 'error: invalid URL "ftp://web": expected http://HOST[:PORT]/PATH'],
    ['sim traffic remove nope', 'error: traffic source "nope" not found'],
    ['sim proxy mode nft', 'error: invalid proxy mode "nft": expected iptables or ipvs'],
    ['sim trace request http://web/ --from client', 'error: pod default/client is not running'],
    ['sim dns lookup nothing', "error: ** server can't find nothing: NXDOMAIN"],
  ])('%s', (line, err) => {
    const r = c.exec(line);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`${err}\n`);
  });

  it('adds, lists and removes sources; refuses a second one of the same name', () => {
    expect(mustExec(c, 'sim traffic list')).toBe('No traffic sources.\n');
    expect(mustExec(c, 'sim traffic add ext http://172.18.0.9:30080/ --rps 5')).toBe('traffic source "ext" added: 5 requests/s from an external client to http://172.18.0.9:30080/\n');
    expect(c.exec('sim traffic add ext http://x/').stderr).toBe('error: traffic source "ext" already exists\n');
    c.advance(3);
    expect(mustExec(c, 'sim traffic list')).toMatch(/^NAME\s+FROM\s+URL\s+RPS\s+ACTUAL\s+P50\s+P99\s+ERRORS\s+STATUS\next\s+external\s+http:\/\/172\.18\.0\.9:30080\/\s+5\s+5\s+0ms\s+0ms\s+100\.0%\s+Active\n$/);
    expect(mustExec(c, 'sim traffic remove ext')).toBe('traffic source "ext" removed\n');
  });

  it('looks names up with a namespace search path', () => {
    expect(mustExec(c, 'sim dns lookup web -n kube-public')).toBe('Server:\t\t10.96.0.10\nAddress:\t10.96.0.10#53\n\nName:\tweb.kube-public.svc.cluster.local\nAddress: 10.96.0.50\n');
    expect(mustExec(c, 'sim dns lookup kubernetes.default')).toContain('Address: 10.96.0.1\n');
  });
});
