/**
 * A listed profile's address, /directory/<slug>: the member's name folded to lower-case ASCII words
 * (accents dropped: "Zoë Müller" → "zoe-muller") and the account id, so two members of one name get
 * two slugs and no slug needs a uniqueness retry. Made once, at the first listing, and kept.
 */
import { foldText } from '../../db/fold.js';

/** The longest name part of a slug; the id follows it. */
const NAME_PART_MAX = 60;

export function directorySlug(name: string, userId: number): string {
  const words = foldText(name)
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, NAME_PART_MAX)
    .replace(/^-+|-+$/g, '');
  return `${words || 'member'}-${userId}`;
}
