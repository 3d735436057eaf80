// The flags of each `kubectl create` subcommand, for completion after `kubectl create SUBCOMMAND [TYPE]`.
const ROLE = ['--aggregation-rule', '--non-resource-url', '--resource', '--resource-name', '--verb'];
const BINDING = ['--clusterrole', '--group', '--role', '--serviceaccount', '--user'];
const DATA = ['--append-hash', '--from-env-file', '--from-file', '--from-literal'];
const PDB = ['--max-unavailable', '--min-available', '--selector'];
const INGRESS = ['--annotation', '--class', '--default-backend', '--rule'];

const BY_SUBCOMMAND: Record<string, string[]> = {
  deployment: ['--image', '--port', '--replicas'], deploy: ['--image', '--port', '--replicas'],
  job: ['--from', '--image'],
  cronjob: ['--image', '--restart', '--schedule'], cj: ['--image', '--restart', '--schedule'],
  configmap: DATA, cm: DATA,
  'secret generic': [...DATA, '--type'],
  'secret docker-registry': ['--append-hash', '--docker-email', '--docker-password', '--docker-server', '--docker-username', '--from-file'],
  'secret tls': ['--append-hash', '--cert', '--key'],
  'service clusterip': ['--clusterip', '--tcp'],
  'service nodeport': ['--node-port', '--tcp'],
  'service loadbalancer': ['--tcp'],
  'service externalname': ['--external-name', '--tcp'],
  ingress: INGRESS, ing: INGRESS,
  poddisruptionbudget: PDB, pdb: PDB,
  priorityclass: ['--description', '--global-default', '--preemption-policy', '--value'], pc: ['--description', '--global-default', '--preemption-policy', '--value'],
  quota: ['--hard', '--scopes'], resourcequota: ['--hard', '--scopes'],
  role: ROLE, clusterrole: ROLE,
  rolebinding: BINDING, clusterrolebinding: BINDING,
};

/** The flags for `kubectl create SUB [TYPE]`, given the words after `create`. */
export function createFlags(words: readonly string[]): string[] {
  const [sub, type] = words;
  const group = sub === 'svc' ? 'service' : sub;
  return BY_SUBCOMMAND[`${group} ${type}`] ?? BY_SUBCOMMAND[group ?? ''] ?? [];
}
