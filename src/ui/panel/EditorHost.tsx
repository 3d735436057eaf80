// Loads the Monaco editor lazily (its own chunks, once editorGate opens); a plain textarea stands in while it
// loads and for good if it cannot load.
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useEditorGate } from './editorGate.ts';
import type { YamlEditorProps } from './editorTypes.ts';
import TextareaEditor from './TextareaEditor.tsx';

const YamlEditor = lazy(() => import('../editor/YamlEditor.tsx'));

class Fallback extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('[kubesim] the YAML editor failed to load; using the plain text editor', error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function EditorHost(props: YamlEditorProps) {
  const gateOpen = useEditorGate();
  const plain = <TextareaEditor {...props} />;
  const loading = <div className="editor-loading">{plain}</div>;
  return (
    <div className="editor-host" data-testid="editor-host">
      {gateOpen ? (
        <Fallback fallback={plain}>
          <Suspense fallback={loading}>
            <YamlEditor {...props} />
          </Suspense>
        </Fallback>
      ) : loading}
    </div>
  );
}
