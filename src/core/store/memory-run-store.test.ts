import { MemoryRunStore } from './memory-run-store.ts';
import { describeRunStoreContract } from './test-store-contract.ts';

describeRunStoreContract('memory', () => new MemoryRunStore());
