// The headless API from a plain script, as README shows it: `npx tsx scripts/headless-example.ts`.
import { createCluster } from '../src/engine/index.ts';

const c = createCluster({ seed: 1 });
c.exec('sim node add w1 --cpu 8 --memory 32Gi');
const r = c.exec('kubectl apply -f -', `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: nginx:1.27}]}
`);
process.stdout.write(r.stdout);
c.advance(30);
process.stdout.write(c.exec('kubectl get pods').stdout);
