// Manifests the data-plane tests share: a web Deployment with its Service and a client pod; a CUDA Deployment.
export const WEB = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: app, image: nginx:1.27, resources: {requests: {cpu: 100m}}}]
---
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  selector: {app: web}
  ports: [{port: 80}]
---
apiVersion: v1
kind: Pod
metadata: {name: client}
spec:
  containers: [{name: c, image: busybox, command: [sleep, infinity]}]
`;

export const CUDA = (replicas: number) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: train}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: train}}
  template:
    metadata: {labels: {app: train}}
    spec:
      containers:
      - name: cuda
        image: nvidia/cuda:12.4.0-base-ubuntu22.04
        command: [sleep, infinity]
        resources: {limits: {nvidia.com/gpu: 1}}
`;
