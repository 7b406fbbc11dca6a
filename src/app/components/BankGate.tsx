import type { ReactNode } from 'react';
import type { AnySuite } from '../../core/suite/contract.ts';
import { useSuiteBank, type LoadedBank } from '../data/use-suite-bank.ts';
import { ErrorPanel } from './ErrorPanel.tsx';
import { Loading } from './Loading.tsx';

export type { LoadedBank };

/** Renders its children once the bank is loaded; shows loading and fetch/validation errors. */
export function BankGate({ suite, children }: { suite: AnySuite; children: (bank: LoadedBank) => ReactNode }) {
  const bank = useSuiteBank(suite);
  if (bank.isPending) return <Loading what={`the ${suite.descriptor.title} task bank`} />;
  if (bank.isError) {
    return <ErrorPanel title="The task bank could not be loaded" error={bank.error} onRetry={() => void bank.refetch()} />;
  }
  return <>{children(bank.data)}</>;
}
