// Re-export so Vite bundles monaco-yaml's language server as our own module worker.
import 'monaco-yaml/yaml.worker.js';
