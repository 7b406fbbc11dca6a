import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { createQueryClient } from './data/query-client.ts';
import { RunProvider } from './run/RunContext.tsx';
import { startResultsUrlImport } from './data/results-url.ts';
import { parseTextInWorker } from '../adapters/browser/worker-run-import.ts';
import { getRunStore, getRunStoreBackend } from './data/run-store.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// `index.html?results=<url>`: open a result file from the page address (Runs page shows the outcome).
// The file is parsed, validated and checked against the stored runs in the import worker; the
// worker shares the store only when it is IndexedDB (a memory store lives in this tab alone).
startResultsUrlImport({
  store: getRunStore,
  parse: async (text, source, maxBytes) => parseTextInWorker(text, source, { ...(maxBytes !== undefined ? { maxBytes } : {}), lookInStore: (await getRunStoreBackend()).kind === 'indexeddb' }),
});

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <RunProvider>
        <App />
      </RunProvider>
    </QueryClientProvider>
  </StrictMode>,
);
