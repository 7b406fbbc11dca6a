import { Loading } from '../components/Loading.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { useModelConfig } from '../data/use-model-config.ts';
import { SettingsForm } from './SettingsForm.tsx';
import { SigningKeySection } from './SigningKeySection.tsx';

/**
 * Bring your own model: endpoint, key, model and budgets for LLM runs. Built-in agents need none of
 * this; the run page offers "Your model" once settings are saved here.
 */
/** The route's query is unused: the page has no filters. */
export function SettingsPage(_props: { query: URLSearchParams }) {
  const stored = useModelConfig();
  return (
    <>
      <h1>Model settings</h1>
      <p className="intro">
        Connect an LLM endpoint to run VEHBench tasks with your own model, turn by turn in this page. Requests go straight from this browser to the endpoint; nothing passes through
        a server of ours.
      </p>
      {stored.isPending && <Loading what="the saved settings" />}
      {stored.isError && <ErrorPanel title="The saved settings could not be read; the defaults are shown" error={stored.error} onRetry={() => void stored.refetch()} />}
      {stored.data?.note && (
        <p className="error-panel" role="alert" data-testid="settings-note">
          {stored.data.note}
        </p>
      )}
      {!stored.isPending && <SettingsForm saved={stored.data?.config ?? null} />}
      <SigningKeySection />
    </>
  );
}
