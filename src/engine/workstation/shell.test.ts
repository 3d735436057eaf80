// The workstation's shell: kubectl piped into filters, lists, variables kept for the session, `$(…)`,
// redirections that become documents, here-documents and `<` input, `cd` for the session, `sleep`, and jobs.
import { beforeAll, describe, expect, it } from 'vitest';
import { createCluster, type KubesimCluster } from '../index.ts';
import { commandsOf } from './shell.ts';

let c: KubesimCluster;
beforeAll(() => {
  c = createCluster({ seed: 3 });
  for (const n of ['w1', 'w2']) c.exec(`sim node add ${n} --cpu 4 --memory 16Gi`);
  c.exec('kubectl create deployment web --image=nginx --replicas=3');
  c.exec('kubectl create secret generic db --from-literal=password=hunter2');
  c.advance(30);
});

const out = (line: string) => c.exec(line);

describe('the workstation shell', () => {
  it('pipes kubectl into filters', () => {
    expect(out('kubectl get pods --no-headers | wc -l')).toEqual({ code: 0, stdout: '3\n', stderr: '' });
    expect(out('kubectl get pods | grep -c Running').stdout).toBe('3\n');
    expect(out('kubectl get pods | head -1').stdout).toMatch(/^NAME +READY +STATUS +RESTARTS +AGE\n$/);
    expect(out("kubectl get secret db -o jsonpath='{.data.password}' | base64 -d")).toEqual({ code: 0, stdout: 'hunter2', stderr: '' });
    // grep finds nothing: its status is the pipeline's.
    expect(out('kubectl get pods | grep nothing-like-this')).toEqual({ code: 1, stdout: '', stderr: '' });
  });

  it('runs lists with && and ||, and $? is the last status', () => {
    expect(out('kubectl get deploy web -o name && echo found || echo missing').stdout).toBe('deployment.apps/web\nfound\n');
    const r = out('kubectl get deploy nope -o name && echo found || echo missing');
    expect(r).toEqual({ code: 0, stdout: 'missing\n', stderr: 'Error from server (NotFound): deployments.apps "nope" not found\n' });
    expect(out('kubectl get nope; echo $?').stdout).toBe('1\n');
  });

  it('keeps variables for the session and substitutes $(…) as bash does', () => {
    expect(out('export POD=$(kubectl get pods -o name | head -1)')).toEqual({ code: 0, stdout: '', stderr: '' });
    const pod = out('echo $POD').stdout.trim();
    expect(pod).toMatch(/^pod\/web-[a-z0-9]+-[a-z0-9]{5}$/);
    expect(out('kubectl get $POD -o jsonpath={.status.phase}').stdout).toBe('Running');
    // A word that is only a substitution splits into one argument per name.
    expect(out('for p in $(kubectl get pods -o name); do echo item $p; done').stdout.split('\n').filter(Boolean)).toHaveLength(3);
    expect(out('kubectl get pods -o name | xargs kubectl get -o name').stdout.split('\n').filter(Boolean)).toHaveLength(3);
  });

  it('runs helm NOTES-style lines: a port-forward with variables goes on as a job when nobody streams it', () => {
    out('export POD_NAME=$(kubectl get pods -l app=web -o jsonpath="{.items[0].metadata.name}")');
    const r = out('kubectl port-forward $POD_NAME 8080:80');
    expect(r.stdout).toBe('Forwarding from 127.0.0.1:8080 -> 80\nForwarding from [::1]:8080 -> 80\n');
    expect(r.stderr).toMatch(/the forward runs on as job \[1\]/);
    // The background forward's own line shows with the command's output, as bash prints a job's output.
    expect(out('curl -s localhost:8080 | grep -c nginx').stdout).toBe('Handling connection for 8080\n2\n');
    expect(out('kill %1').code).toBe(0);
  });

  it('writes a redirection to a document that kubectl apply -f reads', () => {
    const r = out('kubectl create deployment api --image=nginx --dry-run=client -o yaml > api.yaml');
    expect(r.code).toBe(0);
    expect(r.files).toEqual([{ name: 'api.yaml', text: expect.stringMatching(/^apiVersion: apps\/v1\nkind: Deployment\n/) }]);
    expect(out('ls').stdout).toContain('api.yaml');
    expect(out('kubectl apply -f api.yaml').stdout).toBe('deployment.apps/api created\n');
    expect(out('echo "# note" >> api.yaml; tail -1 api.yaml').stdout).toBe('# note\n');
    // `creationTimestamp: null` from --dry-run output is a change to a live object, so kubectl says "configured".
    expect(out('cat api.yaml | kubectl apply -f -').stdout).toBe('deployment.apps/api configured\n');
  });

  it('feeds kubectl a here-document (expanded, or not with a quoted delimiter) or a document with <', () => {
    const cm = (name: string, open: string) => `kubectl apply -f - ${open}\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  user: $USER\nEOF`;
    expect(out(cm('heredoc', '<<EOF'))).toEqual({ code: 0, stdout: 'configmap/heredoc created\n', stderr: '' });
    expect(out('kubectl get cm heredoc -o jsonpath={.data.user}').stdout).toBe('kubesim');
    expect(out(cm('literal', "<<'EOF'")).code).toBe(0);
    expect(out('kubectl get cm literal -o jsonpath={.data.user}').stdout).toBe('$USER');
    const r = out("cat <<'EOF' > cm.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-file\nEOF");
    expect(r.files).toEqual([{ name: 'cm.yaml', text: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-file\n' }]);
    expect(out('kubectl apply -f - < cm.yaml').stdout).toBe('configmap/from-file created\n');
    // bash opens the file before the command runs: a missing one stops it.
    expect(out('kubectl apply -f - < nope.yaml')).toEqual({ code: 1, stdout: '', stderr: 'bash: nope.yaml: No such file or directory\n' });
  });

  it('keeps the working directory among the documents\' folders for the session; kubectl reads paths from there', () => {
    out("cat <<'EOF' > manifests/app.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: in-folder\nEOF");
    expect(out('cd manifests')).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(out('pwd').stdout).toBe('/manifests\n');
    expect(out('ls').stdout).toBe('app.yaml\n');
    expect(out('kubectl apply -f app.yaml').stdout).toBe('configmap/in-folder created\n');
    expect(out('wc -l ../cm.yaml; wc -l < app.yaml').stdout).toBe('4 ../cm.yaml\n4\n');
    expect(out('cd nope')).toEqual({ code: 1, stdout: '', stderr: 'bash: cd: nope: No such file or directory\n' });
    expect(out('cd app.yaml')).toEqual({ code: 1, stdout: '', stderr: 'bash: cd: app.yaml: Not a directory\n' });
    expect(out('cd ..; pwd').stdout).toBe('/\n');
    expect(out('cd manifests; cd; pwd').stdout).toBe('/\n');
  });

  it('sleep lets virtual time pass, with coreutils\' errors for bad operands', () => {
    const before = out('date +%s').stdout;
    expect(out('sleep 1m 30; date +%s').stdout).toBe(`${Number(before) + 90}\n`);
    expect(out('sleep')).toEqual({ code: 1, stdout: '', stderr: "sleep: missing operand\nTry 'sleep --help' for more information.\n" });
    expect(out('sleep 5x')).toEqual({ code: 1, stdout: '', stderr: "sleep: invalid time interval ‘5x’\nTry 'sleep --help' for more information.\n" });
  });

  it('prints a job note for a port-forward that is not the line\'s only command, with & or without', () => {
    const r = out('kubectl get deploy web -o name; kubectl port-forward deploy/web 8081:80 & echo started');
    expect(r.stdout).toMatch(/^deployment\.apps\/web\n\[(\d+)\] \d+\nForwarding from 127\.0\.0\.1:8081 -> 80\nForwarding from \[::1\]:8081 -> 80\nstarted\n$/);
    const id = /\[(\d+)\]/.exec(r.stdout)![1];
    expect(out('jobs').stdout).toContain(`[${id}]+  Running                 kubectl port-forward deploy/web 8081:80 &`);
    expect(out(`kill %${id}`).code).toBe(0);
    // Not the line's only command, a forward without & goes on as a job too: the same note.
    const r2 = out('echo start; kubectl port-forward deploy/web 8082:80');
    expect(r2.stdout).toMatch(/^start\n\[(\d+)\] \d+\nForwarding from 127\.0\.0\.1:8082 -> 80\n/);
    expect(out(`kill %${/\[(\d+)\]/.exec(r2.stdout)![1]}`).code).toBe(0);
  });

  it('answers an unknown program, and keeps plain lines as they were', () => {
    expect(out('frob | wc -l')).toEqual({ code: 0, stdout: '0\n', stderr: 'error: unknown command "frob": commands start with "kubectl", "helm", "argocd" or "sim", or are the workstation\'s shell commands (curl, wget, jobs, kill, echo, grep, wc, base64 …)\n' });
    expect(out('echo hello world').stdout).toBe('hello world\n');
    expect(out('kubectl get pods -o jsonpath={.items[0].kind}').stdout).toBe('Pod');
  });

  it('lists every command of a line, those inside $(…) too', () => {
    expect(commandsOf('kubectl get pods | grep x && echo $(kubectl delete pod a)')).toEqual([
      ['kubectl', 'get', 'pods'], ['grep', 'x'], ['echo', '$(kubectl delete pod a)'], ['kubectl', 'delete', 'pod', 'a'],
    ]);
    // An unquoted here-document's substitutions run too; a quoted one's do not.
    expect(commandsOf('cat <<EOF\nx: $(kubectl delete pod a)\nEOF')).toEqual([['cat'], ['kubectl', 'delete', 'pod', 'a']]);
    expect(commandsOf("cat <<'EOF'\nx: $(kubectl delete pod a)\nEOF")).toEqual([['cat']]);
  });
});
