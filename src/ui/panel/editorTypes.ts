// The props of src/ui/editor/YamlEditor.tsx (another module owns it); the textarea fallback takes the same.
export interface EditorMarker {
  startLine: number;
  endLine: number;
  message: string;
  severity: 'error' | 'info';
}

export interface YamlEditorProps {
  value: string;
  onChange(text: string): void;
  markers: EditorMarker[];
  onApplyShortcut?(): void;
  /** Ctrl/Cmd+S (a pending `kubectl edit`'s document: save the edit). */
  onSaveShortcut?(): void;
  /** Accessible name (default: the manifest editor's). */
  label?: string;
  /** Monaco language id (default yaml, validated against the Kubernetes schema). */
  language?: string;
  /** false: YAML without the Kubernetes schema (a kustomization is no Kubernetes object). */
  schema?: boolean;
}
