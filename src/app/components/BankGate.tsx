import type { ReactNode } from 'react';
import { useVehBank, type LoadedBank } from '../data/use-veh-bank.ts';
import { ErrorPanel } from './ErrorPanel.tsx';
import { Loading } from './Loading.tsx';

export type { LoadedBank };

/** Renders its children once the bank is loaded; shows loading and fetch/validation errors. */
export function BankGate({ children }: { children: (bank: LoadedBank) => ReactNode }) {
  const bank = useVehBank();
  if (bank.isPending) return <Loading what="the VEHBench task bank" />;
  if (bank.isError) {
    return <ErrorPanel title="The task bank could not be loaded" error={bank.error} onRetry={() => void bank.refetch()} />;
  }
  return <>{children(bank.data)}</>;
}
