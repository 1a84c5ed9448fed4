/**
 * Sends a public form, and once more with a proof of work when the server asks for one (428, during a
 * flood). The solver (lib/proof-of-work.ts) is loaded only then, so no page carries it from the start.
 * The contact form and "Contact this professional" both send through here.
 */
export async function sendProven(send: (proof?: string) => Promise<unknown>): Promise<void> {
  await send().catch(async (refusal: unknown) => {
    const { sendWithProofOfWork } = await import('./proof-of-work');
    await sendWithProofOfWork(send, refusal);
  });
}
