/**
 * The version of a consent text: the lowercase hex SHA-256 of its UTF-8 bytes (contract/README.md,
 * Consent). Web Crypto, so the same code runs in the build (Node) and in tests.
 */
export async function consentVersion(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A version as the server accepts it: 64 lowercase hex characters. */
export const VERSION_PATTERN = /^[0-9a-f]{64}$/;
