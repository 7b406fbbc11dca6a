import { useEffect, useState } from 'react';
import type { SigningKeyPair } from '../../adapters/browser/signing-key-store.ts';
import { sessionSigningKey } from '../data/signing-key.ts';

type Algorithm = 'ECDSA-P256-SHA256' | 'Ed25519';

/**
 * The export signing key (issue 17): generate one to sign every JSON export downloaded from the
 * Runs page. The private key is a non-extractable WebCrypto key: script can sign with it but never
 * read it, so it cannot leak into an export, a log or a URL. Off by default; "keep" is an opt-in.
 */
export function SigningKeySection() {
  const [key, setKey] = useState<SigningKeyPair | null>(null);
  const [kept, setKept] = useState(false);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [algorithm, setAlgorithm] = useState<Algorithm>('ECDSA-P256-SHA256');

  useEffect(() => {
    let live = true;
    const refresh = () =>
      void Promise.all([sessionSigningKey.active(), sessionSigningKey.kept()])
        .then(([k, isKept]) => {
          if (!live) return;
          setKey(k);
          setKept(isKept);
          setReady(true);
        })
        .catch((e: unknown) => live && setProblem(`This browser’s storage could not be read: ${e instanceof Error ? e.message : String(e)}`));
    refresh();
    const off = sessionSigningKey.subscribe(refresh);
    return () => {
      live = false;
      off();
    };
  }, []);

  const act = (f: () => Promise<unknown>) => {
    setProblem(null);
    setBusy(true);
    f()
      .catch((e: unknown) => setProblem(e instanceof Error ? e.message : String(e)))
      .finally(() => setBusy(false));
  };

  return (
    <section className="panel" aria-labelledby="signing-key-heading" data-testid="signing-key-panel">
      <h2 id="signing-key-heading">Signing key</h2>
      <p className="note">
        Optional. With a signing key, every JSON export you download from the Runs page carries your public key and a signature over its content, so a reader can tell who vouches
        for the file (and that nothing in it changed since). A signature says who vouches, not that the result is right: replay verification checks that. Anyone can make a key, so a
        fingerprint means something only to a reader who knows it is yours.
      </p>
      {key ? (
        <p data-testid="signing-key-status">
          Exports are signed by <span className="mono" data-testid="signing-key-fingerprint" title={key.publicKey.fingerprint}>{key.publicKey.fingerprint.slice(0, 16)}</span> (
          {key.publicKey.algorithm}){kept ? ', kept in this browser.' : ', held in this tab’s memory only.'}
        </p>
      ) : (
        <p data-testid="signing-key-status">{ready ? 'No signing key: exports are unsigned.' : 'Reading…'}</p>
      )}
      <div className="button-row">
        <label>
          Algorithm{' '}
          <select value={algorithm} onChange={(e) => setAlgorithm(e.target.value as Algorithm)} disabled={busy} data-testid="signing-key-algorithm">
            <option value="ECDSA-P256-SHA256">ECDSA P-256</option>
            <option value="Ed25519">Ed25519 (where the browser has it)</option>
          </select>
        </label>
        <button type="button" data-testid="signing-key-generate" disabled={busy || !ready} onClick={() => act(() => sessionSigningKey.generate(algorithm))}>
          {key ? 'Replace with a new key' : 'Generate a signing key'}
        </button>
        <button type="button" data-testid="signing-key-remove" disabled={busy || key === null} onClick={() => act(() => sessionSigningKey.remove())}>
          Remove key
        </button>
      </div>
      <label className="checkbox-field">
        <input
          type="checkbox"
          data-testid="signing-key-keep"
          checked={kept}
          disabled={busy || key === null}
          onChange={(e) => {
            const on = e.target.checked;
            // Shown at once; the store's change event confirms it (or, if storing fails, puts it back).
            setKept(on);
            act(() => (on ? sessionSigningKey.keep() : sessionSigningKey.unkeep()).catch((err: unknown) => {
              setKept(!on);
              throw err;
            }));
          }}
        />
        Keep this key in this browser
      </label>
      <p className="note">
        Off (the default): the key is gone when the tab closes. On: the key is stored in this browser’s IndexedDB for this site as a non-extractable key (usable to sign by anyone
        using this browser profile, never readable as bytes), until you turn this off or remove it. Only the public half ever goes into an export.
      </p>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
