import { MemoryRunStore } from './memory-run-store.ts';
import { describeRunStoreContract } from './run-store-contract.ts';

describeRunStoreContract('memory', () => new MemoryRunStore());
