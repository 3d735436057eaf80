// "New from template": one small manifest per kind, shaped like the Kubernetes documentation's examples, each
// applying cleanly to a new cluster (templates.test.ts applies every one headless).
import { DEFAULT_DOCUMENT_TEXT } from '../../storage/defaults.ts';

export interface Template {
  kind: string;
  /** The new document's name: `${file}-1.yaml`. */
  file: string;
  text: string;
  /** A feature gate the kind is served behind (the text says how to turn it on). */
  featureGate?: string;
}

const labels = (app: string, indent: string) => `${indent}labels:\n${indent}  app: ${app}\n`;

export const TEMPLATES: Template[] = [
  {
    kind: 'Deployment',
    file: 'deployment',
    text: DEFAULT_DOCUMENT_TEXT, // the sample a new workspace starts with
  },
  {
    kind: 'Service',
    file: 'service',
    text: `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
    - name: http
      port: 80
      targetPort: 80
`,
  },
  {
    kind: 'StatefulSet',
    file: 'statefulset',
    text: `apiVersion: v1
kind: Service
metadata:
  name: db
${labels('db', '  ')}spec:
  clusterIP: None
  selector:
    app: db
  ports:
    - port: 5432
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 2
  selector:
    matchLabels:
      app: db
  template:
    metadata:
${labels('db', '      ')}    spec:
      containers:
        - name: postgres
          image: postgres:16
          ports:
            - containerPort: 5432
          resources:
            requests:
              cpu: 250m
              memory: 256Mi
          volumeMounts:
            - name: data
              mountPath: /var/lib/postgresql/data
  volumeClaimTemplates:
    - metadata:
        name: data
      spec:
        accessModes: [ReadWriteOnce]
        resources:
          requests:
            storage: 1Gi
`,
  },
  {
    kind: 'DaemonSet',
    file: 'daemonset',
    text: `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: node-agent
spec:
  selector:
    matchLabels:
      app: node-agent
  template:
    metadata:
${labels('node-agent', '      ')}    spec:
      containers:
        - name: agent
          image: busybox:1.36
          command: [sh, -c, 'while true; do sleep 3600; done']
          resources:
            requests:
              cpu: 50m
              memory: 32Mi
`,
  },
  {
    kind: 'Job',
    file: 'job',
    text: `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  completions: 3
  parallelism: 1
  backoffLimit: 4
  template:
    spec:
      restartPolicy: Never
      containers:
        - name: pi
          image: perl:5.34
          command: [perl, -Mbignum=bpi, -wle, 'print bpi(200)']
`,
  },
  {
    kind: 'CronJob',
    file: 'cronjob',
    text: `apiVersion: batch/v1
kind: CronJob
metadata:
  name: hello
spec:
  schedule: '*/5 * * * *'
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
            - name: hello
              image: busybox:1.36
              command: [sh, -c, 'date; echo Hello']
`,
  },
  {
    kind: 'ConfigMap',
    file: 'configmap',
    text: `apiVersion: v1
kind: ConfigMap
metadata:
  name: app-config
data:
  LOG_LEVEL: info
  app.properties: |
    greeting=hello
`,
  },
  {
    kind: 'Secret',
    file: 'secret',
    text: `apiVersion: v1
kind: Secret
metadata:
  name: app-secret
type: Opaque
stringData:
  username: admin
  password: change-me
`,
  },
  {
    kind: 'PersistentVolumeClaim',
    file: 'pvc',
    text: `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: [ReadWriteOnce]
  storageClassName: standard
  resources:
    requests:
      storage: 1Gi
`,
  },
  {
    kind: 'Ingress',
    file: 'ingress',
    text: `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: web
spec:
  rules:
    - host: web.example.com
      http:
        paths:
          - path: /
            pathType: Prefix
            backend:
              service:
                name: web
                port:
                  number: 80
`,
  },
  {
    kind: 'NetworkPolicy',
    file: 'networkpolicy',
    text: `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: web-allow-frontend
spec:
  podSelector:
    matchLabels:
      app: web
  policyTypes: [Ingress]
  ingress:
    - from:
        - podSelector:
            matchLabels:
              role: frontend
      ports:
        - protocol: TCP
          port: 80
`,
  },
  {
    kind: 'HorizontalPodAutoscaler',
    file: 'hpa',
    text: `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  minReplicas: 2
  maxReplicas: 10
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: 70
`,
  },
  {
    kind: 'PodDisruptionBudget',
    file: 'pdb',
    text: `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
spec:
  minAvailable: 1
  selector:
    matchLabels:
      app: web
`,
  },
  {
    kind: 'PriorityClass',
    file: 'priorityclass',
    text: `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: high-priority
value: 1000000
globalDefault: false
description: For pods that must be scheduled before others.
`,
  },
  {
    kind: 'PodGroup',
    file: 'podgroup',
    text: `apiVersion: scheduling.x-k8s.io/v1alpha1
kind: PodGroup
metadata:
  name: training
spec:
  minMember: 2
  scheduleTimeoutSeconds: 60
`,
  },
  {
    kind: 'Pod',
    file: 'pod',
    text: `apiVersion: v1
kind: Pod
metadata:
  name: example
${labels('example', '  ')}spec:
  containers:
    - name: app
      image: nginx:1.27
`,
  },
  {
    kind: 'Namespace',
    file: 'namespace',
    text: `apiVersion: v1
kind: Namespace
metadata:
  name: team-a
`,
  },
  {
    kind: 'ResourceQuota',
    file: 'resourcequota',
    text: `apiVersion: v1
kind: ResourceQuota
metadata:
  name: compute
spec:
  hard:
    requests.cpu: '4'
    requests.memory: 8Gi
    pods: '20'
`,
  },
  {
    kind: 'LimitRange',
    file: 'limitrange',
    text: `apiVersion: v1
kind: LimitRange
metadata:
  name: defaults
spec:
  limits:
    - type: Container
      default:
        cpu: 500m
        memory: 256Mi
      defaultRequest:
        cpu: 100m
        memory: 128Mi
`,
  },
  {
    // A Service without a selector and its hand-written Endpoints: traffic to the Service goes to that address.
    kind: 'Endpoints',
    file: 'endpoints',
    text: `apiVersion: v1
kind: Service
metadata:
  name: external-db
spec:
  ports:
    - port: 5432
      targetPort: 5432
---
apiVersion: v1
kind: Endpoints
metadata:
  name: external-db
subsets:
  - addresses:
      - ip: 192.0.2.10
    ports:
      - port: 5432
`,
  },
  {
    kind: 'Role',
    file: 'role',
    text: `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: pod-reader
  namespace: default
rules:
  - apiGroups: [""]
    resources: ["pods", "pods/log"]
    verbs: ["get", "list", "watch"]
`,
  },
  {
    kind: 'RoleBinding',
    file: 'rolebinding',
    text: `apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: read-pods
  namespace: default
subjects:
  - kind: User
    name: jane
    apiGroup: rbac.authorization.k8s.io
roleRef:
  kind: Role
  name: pod-reader
  apiGroup: rbac.authorization.k8s.io
`,
  },
  {
    kind: 'ValidatingAdmissionPolicy',
    file: 'validatingadmissionpolicy',
    text: `# Refuses Deployments of more than 5 replicas in namespaces labelled environment=test
# (kubectl label namespace default environment=test to try it).
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: demo-policy.example.com
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
      - apiGroups: ["apps"]
        apiVersions: ["v1"]
        operations: ["CREATE", "UPDATE"]
        resources: ["deployments", "deployments/scale"]
  validations:
    - expression: "object.spec.replicas <= 5"
      message: "a Deployment may have at most 5 replicas"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: demo-binding-test.example.com
spec:
  policyName: demo-policy.example.com
  validationActions: [Deny]
  matchResources:
    namespaceSelector:
      matchLabels:
        environment: test
`,
  },
  {
    kind: 'ResourceClaimTemplate',
    file: 'resourceclaimtemplate',
    featureGate: 'DynamicResourceAllocation',
    text: `# Dynamic Resource Allocation: sim featuregates set DynamicResourceAllocation=true
# and a node whose GPUs the DRA driver offers: sim node add g1 --gpus 2 --gpu-driver dra
apiVersion: resource.k8s.io/v1beta1
kind: DeviceClass
metadata:
  name: gpu.nvidia.com
spec:
  selectors:
    - cel:
        expression: device.driver == "gpu.nvidia.com"
---
apiVersion: resource.k8s.io/v1beta1
kind: ResourceClaimTemplate
metadata:
  name: single-gpu
spec:
  spec:
    devices:
      requests:
        - name: gpu
          deviceClassName: gpu.nvidia.com
          selectors:
            - cel:
                expression: device.capacity["gpu.nvidia.com"].memory.compareTo(quantity("40Gi")) >= 0
---
apiVersion: v1
kind: Pod
metadata:
  name: gpu-job
spec:
  resourceClaims:
    - name: gpu
      resourceClaimTemplateName: single-gpu
  containers:
    - name: cuda
      image: nvidia/cuda:12.4.0-base-ubuntu22.04
      command: ["nvidia-smi", "-L"]
      resources:
        claims:
          - name: gpu
`,
  },
];
