// What a new workspace starts with.
export const DEFAULT_DOCUMENT_NAME = 'web-deployment.yaml';

export const DEFAULT_DOCUMENT_TEXT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: nginx
          image: nginx:1.27
          ports:
            - containerPort: 80
          resources:
            requests:
              cpu: 100m
              memory: 128Mi
`;

/** A fresh document: an empty manifest skeleton the user fills in. */
export const NEW_DOCUMENT_TEXT = `apiVersion: v1
kind: Pod
metadata:
  name: example
spec:
  containers:
    - name: app
      image: nginx:1.27
`;
