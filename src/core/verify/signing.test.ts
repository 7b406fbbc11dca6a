import { describe, expect, it } from 'vitest';
import { contentHash } from './canonical-json.ts';
import { generateSigningKey, signContent, verifyContentSignature, type SigningAlgorithm } from './signing.ts';

const subtle = globalThis.crypto.subtle;
const content = { manifest: { run_id: 'r1', agent: { id: 'reference' } }, rows: [{ task_id: 't1', score: 0.5 }], metrics: { P2: { p2b: { value: 0.042 } } }, transcripts: [] };

async function supported(a: SigningAlgorithm): Promise<boolean> {
  return generateSigningKey(subtle, a).then(
    () => true,
    () => false,
  );
}

describe.each(['ECDSA-P256-SHA256', 'Ed25519'] as const)('signing with %s', (algorithm) => {
  it('signs the canonical content; any key order verifies; any edit, another key or a bad signature fails', async () => {
    if (!(await supported(algorithm))) {
      expect(algorithm).toBe('Ed25519'); // P-256 is in every WebCrypto; only Ed25519 may be missing
      return;
    }
    const { privateKey, publicKey } = await generateSigningKey(subtle, algorithm);
    expect(Object.keys(publicKey.jwk).sort()).toEqual(algorithm === 'Ed25519' ? ['crv', 'kty', 'x'] : ['crv', 'kty', 'x', 'y']);
    const sig = await signContent(subtle, privateKey, publicKey, content);
    expect(sig.content_sha256).toBe(contentHash(content));
    expect(await verifyContentSignature(subtle, publicKey, sig, content)).toEqual({ ok: true, fingerprint: publicKey.fingerprint });

    const reordered = { transcripts: [], metrics: content.metrics, rows: content.rows, manifest: { agent: { id: 'reference' }, run_id: 'r1' } };
    expect((await verifyContentSignature(subtle, publicKey, sig, reordered)).ok).toBe(true);

    const edited = structuredClone(content);
    edited.rows[0]!.score = 1;
    expect(await verifyContentSignature(subtle, publicKey, sig, edited)).toMatchObject({ ok: false, reason: expect.stringMatching(/content hashes to/) });
    // A forger who also rewrites content_sha256 still cannot make the signature match.
    expect(await verifyContentSignature(subtle, publicKey, { ...sig, content_sha256: contentHash(edited) }, edited)).toMatchObject({ ok: false, reason: expect.stringMatching(/does not match the content/) });

    const other = await generateSigningKey(subtle, algorithm);
    expect(await verifyContentSignature(subtle, other.publicKey, sig, content)).toMatchObject({ ok: false, reason: expect.stringMatching(/not by the key given/) });
    expect(await verifyContentSignature(subtle, other.publicKey, { ...sig, key_fingerprint: other.publicKey.fingerprint }, content)).toMatchObject({ ok: false, reason: expect.stringMatching(/does not match the content/) });
    expect(await verifyContentSignature(subtle, { ...publicKey, fingerprint: other.publicKey.fingerprint }, sig, content)).toMatchObject({ ok: false, reason: expect.stringMatching(/fingerprint/) });
    expect(await verifyContentSignature(subtle, publicKey, { ...sig, signature: 'not base64!' }, content)).toMatchObject({ ok: false, reason: expect.stringMatching(/base64url/) });
    const flipped = sig.signature.startsWith('A') ? `B${sig.signature.slice(1)}` : `A${sig.signature.slice(1)}`;
    expect((await verifyContentSignature(subtle, publicKey, { ...sig, signature: flipped }, content)).ok).toBe(false);
  });
});
