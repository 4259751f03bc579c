import { sendLead, type Lead, type SendResult } from '../contactApi';
import type { Proof } from './proof';

/**
 * Sends a lead with its proof of work in the `altcha` field (none when the server offers no
 * challenge). A proof the server refuses (expired, reused, invalid, required) is replaced by a
 * fresh one and the lead sent once more; a second refusal is a failure the form shows. Whatever
 * the answer, the proof for the next lead is started at once: each proof is spent once.
 */
export async function sendWithProof(
  lead: Lead,
  proof: Proof,
  send: (lead: Lead) => Promise<SendResult> = sendLead,
): Promise<SendResult> {
  let result = await send(withProof(lead, await proof.take()));
  if (result.kind === 'proof') result = await send(withProof(lead, await proof.take()));
  proof.start();
  return result.kind === 'proof' ? { kind: 'failed', status: 422 } : result;
}

const withProof = (lead: Lead, altcha: string | undefined): Lead =>
  altcha === undefined ? lead : { ...lead, altcha };
