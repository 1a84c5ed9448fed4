/**
 * The contact form's flood protection (issue 19), shared by every form that lets a visitor write to
 * someone (the contact form, and the directory's "Contact this professional"): the per-address and
 * site-wide counts of the `contact` rule, and past the site-wide rate a proof of work, each solution
 * spent once on every instance. Each form counts under its own rule, with the same limits.
 */
import type { Middleware } from 'koa';
import type { AppDeps } from '../../deps.js';
import { ProofOfWorkRequiredError } from '../../errors.js';
import { createProofOfWork } from '../../lib/proof-of-work.js';
import { createRateLimiter, type LimitedAction } from '../../lib/rate-limits.js';

export function createContactFloodGuard(deps: AppDeps) {
  const limits = createRateLimiter(deps);
  const proofOfWork = createProofOfWork(deps.config.jwtSecret);

  return {
    limits,
    /**
     * Before the handler: the site-wide rate never refuses visitors; past it ctx.state.pastSiteRate
     * is set, and the handler asks for requireProofOfWork.
     */
    limit: (action: Extract<LimitedAction, 'contact' | 'directoryContact'>): Middleware =>
      limits.limit(action, { holdPastGlobal: true }),

    /** A right, unexpired solution not sent before, or 428 with a new challenge. */
    async requireProofOfWork(header: string): Promise<void> {
      const now = deps.clock.now().getTime();
      const proof = proofOfWork.check(header || undefined, now);
      if (proof && (await limits.spendOnce('contact.proof', proof.signature, proof.expiresAt))) return;
      throw new ProofOfWorkRequiredError(proofOfWork.challenge(now));
    },
  };
}
