import { version } from '../../package.json';

/** Recorded in every run manifest, so a result says which build produced it. */
export const APP_VERSION: string = version;
