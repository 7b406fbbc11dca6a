import { useState } from 'react';
import { describeStorage, requestPersistentStorage } from '../../adapters/browser/storage-estimate.ts';
import { useRunStoreBackend, useStorageEstimate } from '../data/run-store.ts';

/** How much the page stores, whether the browser keeps it, and a button to ask it to. */
export function StoragePanel() {
  const estimate = useStorageEstimate();
  const backend = useRunStoreBackend();
  const [answer, setAnswer] = useState<string | null>(null);

  const persist = async () => {
    const granted = await requestPersistentStorage();
    setAnswer(
      granted === true
        ? 'The browser will keep this data under storage pressure.'
        : granted === false
          ? 'The browser declined for now (Chromium decides from how much the site is used); export runs you want to keep.'
          : 'This browser cannot keep data persistently.',
    );
    void estimate.refetch();
  };

  return (
    <section className="panel" aria-labelledby="storage-heading">
      <h2 id="storage-heading">Storage</h2>
      {backend.data?.warning && (
        <p className="tag warning" role="alert">
          {backend.data.warning}
        </p>
      )}
      <p data-testid="runs-storage">{estimate.data ? describeStorage(estimate.data) : estimate.isError ? 'Storage use: unknown' : 'Storage use: …'}</p>
      <div className="button-row">
        <button type="button" data-testid="persist-button" disabled={estimate.data?.persisted === true} onClick={() => void persist()}>
          Keep data persistent
        </button>
        {answer && <span role="status">{answer}</span>}
      </div>
    </section>
  );
}
