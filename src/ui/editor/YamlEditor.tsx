// A controlled Monaco YAML editor. Load it with React.lazy: Monaco (several MB) lands in its own chunks.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { createManifestModel, editorTheme, monaco } from './monaco-setup.ts';

export interface EditorMarker {
  startLine: number;
  endLine: number;
  message: string;
  severity: 'error' | 'info';
}

export interface YamlEditorProps {
  value: string;
  onChange(text: string): void;
  /** kubesim's own diagnostics (e.g. from a dry-run apply), kept apart from the schema's. */
  markers: EditorMarker[];
  /** Ctrl/Cmd+Enter. */
  onApplyShortcut?(): void;
  /** Ctrl/Cmd+S (a pending `kubectl edit`'s document: save the edit). */
  onSaveShortcut?(): void;
  /** Monaco language id; 'yaml' (the default) validates against the Kubernetes schema. */
  language?: string;
  /** false: no Kubernetes schema (a kustomization document); read when the editor is created. */
  schema?: boolean;
}

declare global {
  interface Window {
    /** The last mounted editor, for tests: set in dev or with `?test` in the URL. */
    __kubesimEditor?: monaco.editor.IStandaloneCodeEditor;
  }
}

/** Marker owner: monaco-yaml owns the schema markers, so setting ours never clears theirs. */
const OWNER = 'kubesim';

const exposeForTests = import.meta.env.DEV || new URLSearchParams(location.search).has('test');

export default function YamlEditor(props: YamlEditorProps) {
  const { value, markers, language = 'yaml', schema = true } = props;
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  // Latest callbacks without recreating the editor when the parent passes new closures.
  const callbacks = useRef(props);
  useLayoutEffect(() => { callbacks.current = props; });
  const initial = useRef({ value, language, schema });
  // Set while we push the `value` prop into the model, so that change is not echoed to onChange.
  const syncing = useRef(false);

  useEffect(() => {
    const model = createManifestModel(initial.current.value, initial.current.language, initial.current.schema);
    const editor = monaco.editor.create(containerRef.current!, {
      model,
      editContext: false, // with EditContext (Monaco >= 0.53) Playwright typing drops spaces
      automaticLayout: true,
      minimap: { enabled: false },
      theme: editorTheme(),
      fontSize: 13,
      scrollBeyondLastLine: false,
      fixedOverflowWidgets: true, // hovers and suggestions are not clipped by overflow:hidden parents
      quickSuggestions: { other: true, comments: false, strings: true }, // YAML values are strings
      wordBasedSuggestions: 'off', // schema suggestions only, no words from the text
      renderLineHighlight: 'line',
    });
    editorRef.current = editor;
    const sub = model.onDidChangeContent(() => {
      if (!syncing.current) callbacks.current.onChange(model.getValue());
    });
    if (exposeForTests) window.__kubesimEditor = editor;
    containerRef.current!.dataset.ready = 'true';
    return () => {
      sub.dispose();
      editor.dispose();
      model.dispose();
      editorRef.current = null;
      if (window.__kubesimEditor === editor) delete window.__kubesimEditor;
    };
  }, []);

  // Strings that depend on the UI language.
  useEffect(() => {
    const editor = editorRef.current!;
    editor.updateOptions({ ariaLabel: t('editor.ariaLabel') });
    // addAction (not addCommand): its keybinding is scoped to this editor, and it wins over
    // Monaco's own Ctrl+Enter ("insert line below").
    const action = editor.addAction({
      id: 'kubesim.apply',
      label: t('editor.applyAction'),
      keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
      run: () => callbacks.current.onApplyShortcut?.(),
    });
    const save = editor.addAction({
      id: 'kubesim.saveEdit',
      label: t('edit.save'),
      keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS],
      run: () => callbacks.current.onSaveShortcut?.(),
    });
    return () => {
      action.dispose();
      save.dispose();
    };
  }, [t]);

  useEffect(() => {
    const model = editorRef.current!.getModel()!;
    if (model.getValue() === value) return;
    // An edit (not setValue) so the user can undo a replaced text.
    syncing.current = true;
    try {
      model.pushStackElement();
      model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null);
      model.pushStackElement();
    } finally {
      syncing.current = false;
    }
  }, [value]);

  useEffect(() => {
    monaco.editor.setModelLanguage(editorRef.current!.getModel()!, language);
  }, [language]);

  useEffect(() => {
    const model = editorRef.current!.getModel()!;
    const last = model.getLineCount();
    const clamp = (n: number, lo: number): number => Math.min(Math.max(Math.trunc(n) || lo, lo), last);
    monaco.editor.setModelMarkers(model, OWNER, markers.map((m) => {
      const startLineNumber = clamp(m.startLine, 1);
      const endLineNumber = clamp(m.endLine, startLineNumber);
      return {
        startLineNumber,
        startColumn: model.getLineFirstNonWhitespaceColumn(startLineNumber) || 1,
        endLineNumber,
        endColumn: model.getLineMaxColumn(endLineNumber),
        message: m.message,
        severity: m.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Info,
      };
    }));
  }, [markers]); // not on value: re-setting stale line numbers would undo Monaco's tracking of edits

  return <div ref={containerRef} data-testid="yaml-editor" style={{ width: '100%', height: '100%', minHeight: '12rem' }} />;
}
