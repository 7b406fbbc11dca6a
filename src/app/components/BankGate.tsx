import type { ReactNode } from 'react';
import type { BankManifest, VehTask } from '../../core/veh/task-schema.ts';
import { useVehBank } from '../data/use-veh-bank.ts';
import { ErrorPanel } from './ErrorPanel.tsx';
import { Loading } from './Loading.tsx';

export interface LoadedBank {
  manifest: BankManifest;
  tasks: VehTask[];
}

/** Renders its children once the bank is loaded; shows loading and fetch/validation errors. */
export function BankGate({ children }: { children: (bank: LoadedBank) => ReactNode }) {
  const bank = useVehBank();
  if (bank.isPending) return <Loading what="the VEHBench task bank" />;
  if (bank.isError) {
    return <ErrorPanel title="The task bank could not be loaded" error={bank.error} onRetry={() => void bank.refetch()} />;
  }
  return <>{children(bank.data)}</>;
}
