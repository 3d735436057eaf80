// Chart repositories. SIMULATION: there is no network, so the only repository is the built-in "kubesim" one, whose
// charts live in code; `helm repo add` of any other URL fails as an unreachable host does.
import { chartFromFiles, chartFromFolder, ChartError, type Chart, type ChartFile } from './chart.ts';
import { scaffold } from './scaffold.ts';

export const BUILTIN_REPO = { name: 'kubesim', url: 'kubesim://charts' };

const NGINX_CHART = `apiVersion: v2
name: nginx
description: NGINX web server, from the layout helm create writes
type: application
version: 0.1.0
appVersion: "1.27.0"
`;

const REDIS_CHART = `apiVersion: v2
name: redis
description: A single Redis server with a Service in front of it
type: application
version: 0.2.0
appVersion: "7.4.1"
`;

const REDIS_VALUES = `# A single Redis server: no persistence, no replication.
image:
  repository: redis
  tag: ""
  pullPolicy: IfNotPresent

service:
  type: ClusterIP
  port: 6379

resources:
  requests:
    cpu: 100m
    memory: 128Mi

# Extra arguments for redis-server (for example ["--maxmemory", "100mb"]).
extraArgs: []
`;

const REDIS_HELPERS = `{{- define "redis.fullname" -}}
{{- if contains .Chart.Name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}

{{- define "redis.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "redis.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{ include "redis.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}
`;

const REDIS_DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "redis.fullname" . }}
  labels:
    {{- include "redis.labels" . | nindent 4 }}
spec:
  replicas: 1
  selector:
    matchLabels:
      {{- include "redis.selectorLabels" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "redis.labels" . | nindent 8 }}
    spec:
      containers:
        - name: redis
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}"
          imagePullPolicy: {{ .Values.image.pullPolicy }}
          {{- with .Values.extraArgs }}
          args:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          ports:
            - name: redis
              containerPort: 6379
          resources:
            {{- toYaml .Values.resources | nindent 12 }}
`;

const REDIS_SERVICE = `apiVersion: v1
kind: Service
metadata:
  name: {{ include "redis.fullname" . }}
  labels:
    {{- include "redis.labels" . | nindent 4 }}
spec:
  type: {{ .Values.service.type }}
  ports:
    - port: {{ .Values.service.port }}
      targetPort: redis
      name: redis
  selector:
    {{- include "redis.selectorLabels" . | nindent 4 }}
`;

const REDIS_NOTES = `Redis is reachable inside the cluster at:

  {{ include "redis.fullname" . }}.{{ .Release.Namespace }}.svc.cluster.local:{{ .Values.service.port }}
`;

function files(list: [string, string][]): ChartFile[] {
  return list.map(([name, text]) => ({ name, text }));
}

/** The built-in repository's charts: name → files. */
const BUILTIN: Record<string, () => ChartFile[]> = {
  nginx: () => files(scaffold('nginx').map(([p, t]) => [p, p === 'Chart.yaml' ? NGINX_CHART : t])),
  redis: () => files([
    ['Chart.yaml', REDIS_CHART], ['values.yaml', REDIS_VALUES], ['templates/_helpers.tpl', REDIS_HELPERS],
    ['templates/deployment.yaml', REDIS_DEPLOYMENT], ['templates/service.yaml', REDIS_SERVICE], ['templates/NOTES.txt', REDIS_NOTES],
  ]),
};

/** A built-in chart's files (what `helm dependency update` unpacks into charts/), undefined for an unknown name. */
export function builtinChartFiles(name: string): ChartFile[] | undefined {
  return Object.hasOwn(BUILTIN, name) ? BUILTIN[name]() : undefined;
}

/** Whether a Chart.yaml repository names the built-in repository (its URL, @NAME or alias:NAME). */
export function isBuiltinRepository(repository: string): boolean {
  return repository === BUILTIN_REPO.url || repository === `@${BUILTIN_REPO.name}` || repository === `alias:${BUILTIN_REPO.name}`;
}

export function builtinCharts(): Chart[] {
  return Object.keys(BUILTIN).sort().map((n) => chartFromFiles(BUILTIN[n]()));
}

/**
 * helm's locateChart: a folder of documents, else REPO/NAME from a known repository (--version picks the
 * version; the built-in charts have one each).
 */
export function locateChart(files: ReadonlyMap<string, string>, ref: string, version?: string): Chart {
  const local = chartFromFolder(files, ref);
  if (local) return local;
  if (ref.startsWith('.') || ref.startsWith('/')) throw new ChartError(`path "${ref}" not found`);
  const slash = ref.indexOf('/');
  if (slash < 0) throw new ChartError(`non-absolute URLs should be in form of repo_name/path_to_chart, got: ${ref}`);
  const repo = ref.slice(0, slash);
  const name = ref.slice(slash + 1);
  if (repo !== BUILTIN_REPO.name) throw new ChartError(`repo ${repo} not found`);
  const load = BUILTIN[name];
  if (!load) throw new ChartError(`chart "${name}" matching ${version ?? ''} not found in ${repo} index. (try 'helm repo update'): no chart name found`);
  const chart = chartFromFiles(load());
  if (version && version !== chart.metadata.version) {
    throw new ChartError(`chart "${name}" matching ${version} not found in ${repo} index. (try 'helm repo update'): no chart version found for ${name}-${version}`);
  }
  return chart;
}
