import { useState } from 'react';
import { endpointId, type EndpointRef } from '../../adapters/browser/secret-store.ts';
import { sessionSecrets } from '../data/secrets.ts';
import { useRememberedKeyEndpoint, useRememberKey } from '../data/use-model-config.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';

interface ApiKeySectionProps {
  endpoint: EndpointRef;
  needsKey: boolean;
}

/**
 * The API key field and the "remember on this device" opt-in. The input is uncontrolled and its
 * value is set as a DOM property, never as an attribute or React state, so the key exists only in
 * the input and the in-memory secret store. It has no `name`, so no form submission could carry it.
 */
export function ApiKeySection({ endpoint, needsKey }: ApiKeySectionProps) {
  const remembered = useRememberedKeyEndpoint();
  const rememberKey = useRememberKey();
  // Which key the field shows: this endpoint's, once a remembered key (if any) has been restored into memory.
  const id = `${endpointId(endpoint)}|${remembered.isPending ? 'restoring' : 'restored'}`;
  const [hasKey, setHasKey] = useState(() => sessionSecrets.get(endpoint) !== '');
  const [shownFor, setShownFor] = useState(id);
  /** Bumped by Forget key, to remount the input empty. */
  const [generation, setGeneration] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  /** The box's state from the click until the row is written or deleted (set in the event, so it never flickers back). */
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  // Another endpoint has its own key (or none), and a restore may have just filled it: re-read.
  if (shownFor !== id) {
    setShownFor(id);
    setHasKey(sessionSecrets.get(endpoint) !== '');
    setProblem(null);
  }

  const rememberedHere = remembered.data != null && endpointId(remembered.data) === endpointId(endpoint);
  const rememberedElsewhere = remembered.data != null && !rememberedHere ? remembered.data : null;

  const onKeyChange = (value: string) => {
    sessionSecrets.set(endpoint, value);
    setHasKey(value !== '');
    // While remembered, the stored copy follows the field (an emptied field keeps the old copy until "Forget key").
    if (rememberedHere && value !== '') rememberKey.mutate({ remember: true, endpoint, key: value });
  };

  const onRememberToggle = (on: boolean) => {
    setProblem(null);
    const key = sessionSecrets.get(endpoint);
    if (on && key === '') {
      setProblem('Enter the API key first; there is nothing to remember yet.');
      return;
    }
    setOptimistic(on);
    rememberKey.mutate(on ? { remember: true, endpoint, key } : { remember: false }, { onSettled: () => setOptimistic(null) });
  };

  const forget = () => {
    sessionSecrets.forget(endpoint);
    setHasKey(false);
    setGeneration((g) => g + 1);
    if (rememberedHere) rememberKey.mutate({ remember: false });
  };

  return (
    <fieldset className="settings-group">
      <legend>API key</legend>
      <label className="settings-field">
        <span className="settings-field-label">API key{needsKey ? '' : ' (usually none for a local server)'}</span>
        <input
          // Remount per endpoint (and after Forget), so the field shows that endpoint's key.
          key={`${id}#${generation}`}
          type="password"
          autoComplete="off"
          spellCheck={false}
          data-testid="api-key-input"
          ref={(el) => {
            if (el && el.value === '') el.value = sessionSecrets.get(endpoint);
          }}
          onChange={(e) => onKeyChange(e.target.value)}
        />
        <span className="note" data-testid="key-status">
          {hasKey ? (rememberedHere ? 'Key held in memory and remembered on this device.' : 'Key held in this tab’s memory only.') : 'No key entered.'}
        </span>
      </label>
      <label className="checkbox-field">
        <input
          type="checkbox"
          data-testid="remember-key"
          checked={optimistic ?? rememberedHere}
          disabled={remembered.isPending || rememberKey.isPending}
          onChange={(e) => onRememberToggle(e.target.checked)}
        />
        Remember this key on this device
      </label>
      <p className="note">
        Off (the default): the key lives only in this tab’s memory and is gone when the tab closes; it is sent only to the endpoint above, in a request header. On: the key is also
        stored in this browser’s IndexedDB for this site, readable by anyone using this browser profile, until you turn this off or press Forget key. It is never put in results,
        transcripts, downloads, logs or URLs.
      </p>
      <div className="button-row">
        <button type="button" data-testid="forget-key" onClick={forget} disabled={!hasKey && !rememberedHere}>
          Forget key
        </button>
        {rememberedElsewhere && (
          <span className="note">
            A key for <span className="mono">{rememberedElsewhere.baseUrl}</span> is remembered on this device.{' '}
            <button type="button" className="link-button" onClick={() => rememberKey.mutate({ remember: false })}>
              Forget that one
            </button>
          </span>
        )}
      </div>
      {problem && <p className="field-error" role="alert">{problem}</p>}
      {rememberKey.isError && <ErrorPanel title="The key could not be stored or removed" error={rememberKey.error} />}
      {remembered.isError && <ErrorPanel title="This browser’s storage could not be read" error={remembered.error} />}
    </fieldset>
  );
}
