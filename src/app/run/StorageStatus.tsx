import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeStorage, requestPersistentStorage } from '../../adapters/browser/storage-estimate.ts';
import { runsQueryKeys, useRunStoreBackend, useStorageEstimate } from '../data/run-store.ts';

/**
 * Where runs are kept: how much of the browser's storage this page uses, whether the browser
 * promised to keep it, and a loud warning when IndexedDB could not open and runs live in memory only.
 */
export function StorageStatus() {
  const estimate = useStorageEstimate();
  const backend = useRunStoreBackend();
  const client = useQueryClient();
  const [asked, setAsked] = useState<boolean | null>(null);
  const ask = async () => {
    setAsked(await requestPersistentStorage());
    void client.invalidateQueries({ queryKey: runsQueryKeys.estimate() });
  };
  return (
    <div className="pg-storage" data-testid="storage-status">
      {backend.data?.warning && (
        <p className="pg-storage-warning" role="alert">
          {backend.data.warning}
        </p>
      )}
      <p className="note">
        <span data-testid="storage-usage">{estimate.data ? describeStorage(estimate.data) : 'Storage used: …'}</span>
        {estimate.data?.persisted === false && asked === null && (
          <>
            {' '}
            <button type="button" className="link-button" onClick={() => void ask()}>
              Ask the browser to keep runs
            </button>
          </>
        )}
        {asked === false && ' — the browser declined for now (it may agree once you use this page more often).'}
      </p>
    </div>
  );
}
