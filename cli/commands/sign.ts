/**
 * `proving-ground keygen` and `proving-ground sign` (issue 17): optional signing of run exports, so
 * a reader can tell who vouches for a file (src/core/verify/export-signature.ts; `verify` checks it).
 *
 * keygen --out KEY.json [--algorithm ecdsa-p256|ed25519]
 *   writes a new private key as a JWK file, readable by its owner only (mode 0600; an existing file
 *   is never overwritten), and prints the public key's fingerprint. The key file is the secret: it
 *   never goes into an export; only its public half (x, y) and the fingerprint do.
 * sign --key KEY.json EXPORT.json [--out FILE]
 *   adds the `signature` block (public key + signature over the content content_sha256 hashes) to
 *   a run export, replacing any it had, and writes the result to FILE (default: standard output).
 *   Refuses a file that is not a run export, or one the page's import would refuse (checkRunExport):
 *   a signature would vouch for content that contradicts itself.
 *
 * Exit codes: 0 done; 1 refused (not an export, fails its checks, unusable key, key file exists);
 * 2 usage error or unreadable file.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { EXIT_USAGE, UsageError, parseFlags, usageMessage } from '../args.ts';
import type { CommandIo } from '../io.ts';
import { checkRunExport } from '../../src/core/export/import-run.ts';
import { RUN_EXPORT_FORMAT } from '../../src/core/export/run-export.ts';
import { SUITES } from '../../src/core/suites.ts';
import { checkExportSignature, signRunExport } from '../../src/core/verify/export-signature.ts';
import { ImportError, MAX_IMPORT_BYTES, checkImportSize, parseJsonText } from '../../src/core/verify/import.ts';
import { generateSigningKey, importPrivateSigningKey, type SigningAlgorithm } from '../../src/core/verify/signing.ts';

export const KEYGEN_USAGE = 'usage: proving-ground keygen --out KEY.json [--algorithm ecdsa-p256|ed25519]';
export const SIGN_USAGE = 'usage: proving-ground sign --key KEY.json EXPORT.json [--out FILE]';

const ALGORITHMS: Record<string, SigningAlgorithm> = { 'ecdsa-p256': 'ECDSA-P256-SHA256', ed25519: 'Ed25519' };

/** A private JWK as keygen (or another tool) writes it; other members (alg, kid, key_ops) are tolerated. */
const PrivateJwkSchema = z.looseObject({ kty: z.string(), crv: z.string(), x: z.string(), y: z.string().optional(), d: z.string() });

const subtle = (): SubtleCrypto => globalThis.crypto.subtle;

class Refused extends Error {}
class Unreadable extends Error {}

async function readText(path: string, maxBytes: number): Promise<string> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new Unreadable(`${path} not found`);
  if (!info.isFile()) throw new Unreadable(`${path} is not a file`);
  checkImportSize(path, info.size, maxBytes);
  return readFile(path, 'utf8');
}

export async function keygenCommand(args: string[], io: CommandIo): Promise<number> {
  let values: { out?: string; algorithm?: string };
  let algorithm: SigningAlgorithm;
  try {
    ({ values } = parseFlags(args, { out: { type: 'string' }, algorithm: { type: 'string' } }));
    if (values.out === undefined) throw new UsageError('--out KEY.json is required');
    const a = ALGORITHMS[values.algorithm ?? 'ecdsa-p256'];
    if (a === undefined) throw new UsageError(`unknown algorithm "${values.algorithm}": --algorithm must be one of ${Object.keys(ALGORITHMS).join(', ')}`);
    algorithm = a;
  } catch (e) {
    io.stderr(`keygen: ${usageMessage(e)}\n${KEYGEN_USAGE}`);
    return EXIT_USAGE;
  }
  let key;
  try {
    key = await generateSigningKey(subtle(), algorithm, true);
  } catch (e) {
    io.stderr(`keygen: this Node cannot make ${algorithm} keys (${(e as Error).message}); try --algorithm ecdsa-p256`);
    return 1;
  }
  const jwk = await subtle().exportKey('jwk', key.privateKey);
  try {
    // 'wx': never overwrite (a lost key cannot be remade); 0600: the owner alone may read it.
    await writeFile(values.out, `${JSON.stringify(jwk, null, 1)}\n`, { flag: 'wx', mode: 0o600 });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    io.stderr(`keygen: ${code === 'EEXIST' ? `${values.out} exists; not overwritten (a key file is never replaced)` : `cannot write ${values.out}: ${(e as Error).message}`}`);
    return 1;
  }
  io.stdout(`wrote private ${algorithm} key ${values.out} (mode 0600: keep it secret; it never goes into an export)`);
  io.stdout(`public key fingerprint ${key.publicKey.fingerprint}`);
  return 0;
}

async function readKey(path: string): Promise<Awaited<ReturnType<typeof importPrivateSigningKey>>> {
  const raw = parseJsonText(path, await readText(path, 1 << 16));
  const jwk = PrivateJwkSchema.safeParse(raw);
  if (!jwk.success) throw new Refused(`${path} is not a private key JWK (it needs kty, crv, x and d; keygen writes one)`);
  try {
    return await importPrivateSigningKey(subtle(), jwk.data as JsonWebKey);
  } catch (e) {
    throw new Refused(`${path} cannot be used to sign: ${(e as Error).message}`);
  }
}

export async function signCommand(args: string[], io: CommandIo, deps: { maxBytes?: number } = {}): Promise<number> {
  let positionals: string[];
  let values: { key?: string; out?: string };
  try {
    ({ positionals, values } = parseFlags(args, { key: { type: 'string' }, out: { type: 'string' } }, true));
    if (values.key === undefined) throw new UsageError('--key KEY.json is required');
    if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'EXPORT.json is required' : 'sign takes one EXPORT.json at a time');
  } catch (e) {
    io.stderr(`sign: ${usageMessage(e)}\n${SIGN_USAGE}`);
    return EXIT_USAGE;
  }
  const target = positionals[0] as string;
  try {
    const key = await readKey(values.key);
    const raw = parseJsonText(target, await readText(target, deps.maxBytes ?? MAX_IMPORT_BYTES), deps.maxBytes);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || (raw as { format?: unknown }).format !== RUN_EXPORT_FORMAT) {
      throw new Refused(`${target} is not a run export ("format": "${RUN_EXPORT_FORMAT}"); only an export can carry a signature (download the run's JSON export from the page, or import a download there and export it)`);
    }
    const record = raw as Record<string, unknown>;
    let checked;
    try {
      checked = checkRunExport(SUITES, target, record);
    } catch (e) {
      if (e instanceof ImportError) throw new Refused(`${e.message} — not signed`);
      throw e;
    }
    if (record.signature !== undefined) io.stderr(`sign: ${target} was signed already; its signature block is replaced`);
    // Signed over the checked content; the file is written as it was (its version, its key order) plus the block.
    const signed = await signRunExport(checked.file, subtle(), key.privateKey, key.publicKey);
    const out = { ...record, signature: signed.signature };
    // The round trip a reader makes: a key file whose public and private parts disagree fails here, not at the reader.
    const back = await checkExportSignature(checkRunExport(SUITES, target, JSON.parse(JSON.stringify(out)) as Record<string, unknown>).file, subtle());
    if (back.state !== 'signed') throw new Refused(`the signature made with ${values.key} does not verify (${back.state === 'bad' ? back.reason : 'unsigned'}): the key file is damaged`);
    const text = `${JSON.stringify(out, null, 1)}\n`;
    if (values.out !== undefined) await writeFile(values.out, text);
    else io.stdout(text);
    io.stderr(`sign: ${target} signed by ${key.publicKey.fingerprint.slice(0, 16)} (${key.publicKey.algorithm})${values.out !== undefined ? ` → ${values.out}` : ''}`);
    return 0;
  } catch (e) {
    if (e instanceof Refused) {
      io.stderr(`sign: ${e.message}`);
      return 1;
    }
    if (e instanceof Unreadable || e instanceof ImportError) {
      io.stderr(`sign: ${e.message}`);
      return EXIT_USAGE;
    }
    throw e;
  }
}
