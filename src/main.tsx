// The page: open the browser database and render, with the engine worker boot.ts already started.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import '@xyflow/react/dist/style.css';
import './ui/styles.css';
import { openDb } from './storage/db.ts';
import { DocumentStore } from './storage/documents.ts';
import { WorkspaceStore } from './storage/workspaces.ts';
import { App } from './ui/App.tsx';
import { createI18n } from './ui/i18n/index.ts';
import type { EngineClient } from './worker/client.ts';

export function start(engine: EngineClient): void {
  const i18n = createI18n();
  document.documentElement.lang = i18n.language;
  const db = openDb();
  const documents = new DocumentStore(db);
  const workspaces = new WorkspaceStore(db, documents);

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <App engine={engine} documents={documents} workspaces={workspaces} />
      </I18nextProvider>
    </StrictMode>,
  );
}
