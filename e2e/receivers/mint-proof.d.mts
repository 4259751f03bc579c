/** One valid proof of work under `secret` (mint-proof.mjs). */
export function mintProof(
  secret: string,
  options?: { iterations?: number; lifetimeS?: number },
): string;
