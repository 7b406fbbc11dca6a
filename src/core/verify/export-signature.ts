/**
 * The signature check of a run export (issue 17), beside the content checks of checkRunExport
 * (src/core/export/import-run.ts), which stay synchronous: WebCrypto verification is async, so the
 * callers (the page's import, the CLI's verify) await this next to it. The export's `signature`
 * block must be over exactly the content content_sha256 hashes, by the key it ships.
 *
 * Three states: no block (unsigned: the content hash alone proves nothing against a forger), a
 * block that verifies (signed, by that key's fingerprint), and a block that does not (bad: the
 * signature fails, is over other content than the file's content_sha256, or names a key
 * fingerprint its JWK does not have). A bad signature is a failure, never a softer "unsigned".
 */
import { runContentOf, type ExportSignature, type RunContent } from '../export/run-export.ts';
import { signContent, verifyContentSignature, type PublicSigningKey } from './signing.ts';

export type ExportSignatureState = { state: 'unsigned' } | { state: 'signed'; fingerprint: string } | { state: 'bad'; reason: string };

/** The parts of a parsed export the check reads (a RunExport, or an import of one). */
export type SignableExport = Pick<RunContent, 'manifest' | 'rows' | 'metrics' | 'transcripts'> & { content_sha256: string; signature?: ExportSignature | undefined };

export const UNSIGNED_TEXT = 'unsigned (a content hash proves nothing against a forger)';

/** How a state reads in the CLI report and on the page. */
export function signatureStateText(s: ExportSignatureState): string {
  if (s.state === 'unsigned') return UNSIGNED_TEXT;
  if (s.state === 'signed') return `signed by ${s.fingerprint.slice(0, 16)}`;
  return `bad signature: ${s.reason}`;
}

export async function checkExportSignature(file: SignableExport, subtle: SubtleCrypto): Promise<ExportSignatureState> {
  const block = file.signature;
  if (block === undefined) return { state: 'unsigned' };
  if (block.signature.content_sha256 !== file.content_sha256) {
    return { state: 'bad', reason: `signature.signature.content_sha256 ${block.signature.content_sha256.slice(0, 16)}… differs from the file's content_sha256 ${file.content_sha256.slice(0, 16)}…` };
  }
  const check = await verifyContentSignature(subtle, block.public_key, block.signature, runContentOf(file));
  return check.ok ? { state: 'signed', fingerprint: check.fingerprint } : { state: 'bad', reason: check.reason };
}

/** The export with its `signature` block (replacing any it had), over the content content_sha256 names. */
export async function signRunExport<F extends SignableExport>(file: F, subtle: SubtleCrypto, privateKey: CryptoKey, publicKey: PublicSigningKey): Promise<F & { signature: ExportSignature }> {
  const signature = await signContent(subtle, privateKey, publicKey, runContentOf(file));
  // A file whose content_sha256 does not name its content would carry a signature that contradicts it.
  if (signature.content_sha256 !== file.content_sha256) throw new Error(`the export's content_sha256 ${file.content_sha256.slice(0, 16)}… does not match its content (${signature.content_sha256.slice(0, 16)}…); not signed`);
  return { ...file, signature: { public_key: publicKey, signature } };
}
