/**
 * Optional signing of run content, so a reader can tell who vouches for a file: the runner signs
 * the canonical JSON of the content (canonical-json.ts: the same bytes content_sha256 hashes) with
 * its private key, and ships its public key (a JWK, public part only) and the signature beside it.
 * A content hash alone proves nothing — anyone who edits a file can recompute it; a signature
 * binds the content to a key, and that is all it does: it says who vouches, not that the result is
 * right (replay and re-derivation say that, where they can).
 *
 * WebCrypto only (the page and Node 20 both have it); core reaches no ambient API, so the caller
 * hands in its SubtleCrypto (`globalThis.crypto.subtle`). ECDSA P-256 with SHA-256 works in every
 * current browser and Node; Ed25519 where the platform has it.
 */
import { z } from 'zod';
import { sha256Hex } from '../hash/sha256.ts';
import { canonicalJson } from './canonical-json.ts';

export type SigningAlgorithm = 'ECDSA-P256-SHA256' | 'Ed25519';
export const SIGNING_ALGORITHMS: readonly SigningAlgorithm[] = ['ECDSA-P256-SHA256', 'Ed25519'];

/** The public half of a signing key, as a manifest would carry it. */
export interface PublicSigningKey {
  algorithm: SigningAlgorithm;
  /** JWK with the public members only (kty, crv, x, y). */
  jwk: JsonWebKey;
  /** SHA-256 (hex) of the canonical JSON of `jwk`: a short name for the key. */
  fingerprint: string;
}

export interface ContentSignature {
  algorithm: SigningAlgorithm;
  /** Fingerprint of the key that signed. */
  key_fingerprint: string;
  /** SHA-256 (hex) of the signed bytes (the canonical JSON of the content). */
  content_sha256: string;
  /** The signature, base64url without padding (ECDSA: IEEE P1363 r‖s, as WebCrypto gives it). */
  signature: string;
}

const HEX64 = /^[0-9a-f]{64}$/;
const B64URL = /^[A-Za-z0-9_-]+$/;

/**
 * A public key as a file carries it. Strict: the JWK may hold the public members only, so a file
 * that carries a private member (`d`) by mistake is refused rather than passed on.
 */
export const PublicSigningKeySchema = z.strictObject({
  algorithm: z.enum(['ECDSA-P256-SHA256', 'Ed25519']),
  jwk: z.strictObject({ kty: z.string(), crv: z.string(), x: z.string().regex(B64URL), y: z.string().regex(B64URL).optional() }),
  fingerprint: z.string().regex(HEX64),
});

export const ContentSignatureSchema = z.strictObject({
  algorithm: z.enum(['ECDSA-P256-SHA256', 'Ed25519']),
  key_fingerprint: z.string().regex(HEX64),
  content_sha256: z.string().regex(HEX64),
  signature: z.string().regex(B64URL),
});

export type SignatureCheck = { ok: true; fingerprint: string } | { ok: false; reason: string };

const params = (a: SigningAlgorithm): { key: EcKeyImportParams | Algorithm; sign: EcdsaParams | Algorithm } =>
  a === 'Ed25519' ? { key: { name: 'Ed25519' }, sign: { name: 'Ed25519' } } : { key: { name: 'ECDSA', namedCurve: 'P-256' }, sign: { name: 'ECDSA', hash: 'SHA-256' } };

const PUBLIC_MEMBERS = ['kty', 'crv', 'x', 'y'] as const;

function publicJwk(jwk: JsonWebKey): JsonWebKey {
  const out: Record<string, string> = {};
  for (const k of PUBLIC_MEMBERS) if (typeof jwk[k] === 'string') out[k] = jwk[k];
  return out as JsonWebKey;
}

export const keyFingerprint = (jwk: JsonWebKey): string => sha256Hex(canonicalJson(publicJwk(jwk)));

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

const bytesOf = (content: unknown): Uint8Array<ArrayBuffer> => new TextEncoder().encode(canonicalJson(content));

/** A fresh key pair; the private key is extractable only if asked (to keep it in a file). */
export async function generateSigningKey(subtle: SubtleCrypto, algorithm: SigningAlgorithm = 'ECDSA-P256-SHA256', extractable = false): Promise<{ privateKey: CryptoKey; publicKey: PublicSigningKey }> {
  const pair = (await subtle.generateKey(params(algorithm).key, extractable, ['sign', 'verify'])) as CryptoKeyPair;
  const jwk = publicJwk(await subtle.exportKey('jwk', pair.publicKey));
  return { privateKey: pair.privateKey, publicKey: { algorithm, jwk, fingerprint: keyFingerprint(jwk) } };
}

/** Signs the canonical JSON of `content` (e.g. {manifest, rows, metrics, transcripts}). */
export async function signContent(subtle: SubtleCrypto, privateKey: CryptoKey, publicKey: PublicSigningKey, content: unknown): Promise<ContentSignature> {
  const bytes = bytesOf(content);
  const sig = new Uint8Array(await subtle.sign(params(publicKey.algorithm).sign, privateKey, bytes));
  return { algorithm: publicKey.algorithm, key_fingerprint: publicKey.fingerprint, content_sha256: sha256Hex(bytes), signature: toBase64Url(sig) };
}

/**
 * Checks a signature over `content` with the public key the file names. Every failure is a reason,
 * never a throw: a malformed key or signature is a failed check, as a wrong one is.
 */
export async function verifyContentSignature(subtle: SubtleCrypto, publicKey: PublicSigningKey, signature: ContentSignature, content: unknown): Promise<SignatureCheck> {
  if (!SIGNING_ALGORITHMS.includes(signature.algorithm) || signature.algorithm !== publicKey.algorithm) return { ok: false, reason: `signature algorithm ${JSON.stringify(signature.algorithm)} does not match the key's ${JSON.stringify(publicKey.algorithm)}` };
  const fingerprint = keyFingerprint(publicKey.jwk);
  if (fingerprint !== publicKey.fingerprint) return { ok: false, reason: `the key's fingerprint ${publicKey.fingerprint.slice(0, 16)}… does not match its JWK (${fingerprint.slice(0, 16)}…)` };
  if (signature.key_fingerprint !== fingerprint) return { ok: false, reason: `signed by key ${signature.key_fingerprint.slice(0, 16)}…, not by the key given (${fingerprint.slice(0, 16)}…)` };
  const bytes = bytesOf(content);
  const hash = sha256Hex(bytes);
  if (hash !== signature.content_sha256) return { ok: false, reason: `the content hashes to ${hash.slice(0, 16)}…; the signature is over ${signature.content_sha256.slice(0, 16)}…` };
  const sig = fromBase64Url(signature.signature);
  if (sig === null) return { ok: false, reason: 'the signature is not base64url' };
  let key: CryptoKey;
  try {
    key = await subtle.importKey('jwk', publicJwk(publicKey.jwk), params(publicKey.algorithm).key, false, ['verify']);
  } catch (e) {
    return { ok: false, reason: `the public key cannot be imported: ${(e as Error).message}` };
  }
  const ok = await subtle.verify(params(publicKey.algorithm).sign, key, new Uint8Array(sig), bytes).catch(() => false);
  return ok ? { ok: true, fingerprint } : { ok: false, reason: 'the signature does not match the content under this key' };
}

/** The algorithm a JWK's key type and curve name, or null for a key type this module does not sign with. */
export function algorithmOfJwk(jwk: JsonWebKey): SigningAlgorithm | null {
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ECDSA-P256-SHA256';
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return 'Ed25519';
  return null;
}

/**
 * A private key kept as a JWK (the CLI's key file) → the key to sign with, non-extractable, and its
 * public half. Throws (with a reason) for a JWK that is not a private P-256 or Ed25519 key.
 */
export async function importPrivateSigningKey(subtle: SubtleCrypto, jwk: JsonWebKey): Promise<{ privateKey: CryptoKey; publicKey: PublicSigningKey }> {
  const algorithm = algorithmOfJwk(jwk);
  if (algorithm === null) throw new Error(`not a P-256 or Ed25519 key (kty ${JSON.stringify(jwk.kty)}, crv ${JSON.stringify(jwk.crv)})`);
  if (typeof jwk.d !== 'string') throw new Error('the JWK has no private part ("d"): it is a public key');
  // key_ops/ext as another tool wrote them could forbid the import; only the key material matters here.
  const { key_ops: _ops, ext: _ext, ...material } = jwk;
  const privateKey = await subtle.importKey('jwk', material, params(algorithm).key, false, ['sign']);
  const pub = publicJwk(jwk);
  return { privateKey, publicKey: { algorithm, jwk: pub, fingerprint: keyFingerprint(pub) } };
}
