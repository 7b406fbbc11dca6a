import { createContext, useContext, type ReactNode } from 'react';
import { useSuiteRun, type SuiteRun } from './use-suite-run.ts';

const RunContext = createContext<SuiteRun | null>(null);

/** Holds the run above the router, so browsing tasks mid-run neither stops nor forgets it. */
export function RunProvider({ children }: { children: ReactNode }) {
  const run = useSuiteRun();
  return <RunContext.Provider value={run}>{children}</RunContext.Provider>;
}

export function useRun(): SuiteRun {
  const run = useContext(RunContext);
  if (!run) throw new Error('useRun must be used inside <RunProvider>');
  return run;
}
