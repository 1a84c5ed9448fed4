/**
 * The console's CSP allows no eval: zod is told not to probe for it (the probe is a CSP violation
 * report). Imported for its effect by every module that validates with zod, before the first parse.
 */
import { z } from 'zod';

z.config({ jitless: true });
