import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { createQueryClient } from './data/query-client.ts';
import { RunProvider } from './run/RunContext.tsx';
import { startResultsUrlImport } from './data/results-url.ts';
import { parseTextInWorker } from '../adapters/browser/worker-run-import.ts';
import { getRunStore } from './data/run-store.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// `index.html?results=<url>`: open a result file from the page address (Runs page shows the outcome).
startResultsUrlImport({ store: getRunStore, parse: parseTextInWorker });

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <RunProvider>
        <App />
      </RunProvider>
    </QueryClientProvider>
  </StrictMode>,
);
