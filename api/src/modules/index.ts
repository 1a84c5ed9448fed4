/** Every module that declares public and admin routes; the app registers them in this order. */
import { registerAboutUs } from './about-us/routes.js';
import { registerAccount } from './account/routes.js';
import { registerAnnouncements } from './announcements/routes.js';
import { registerActivities } from './activities/routes.js';
import { registerAudit } from './audit/routes.js';
import { registerContactInfo } from './contact-info/routes.js';
import { registerContactMessages } from './contact-messages/routes.js';
import { registerCpd } from './cpd/routes.js';
import type { ModuleContext } from './context.js';
import { registerDashboard } from './dashboard/routes.js';
import { registerDirectory } from './directory/routes.js';
import { registerFaqs } from './faqs/routes.js';
import { registerMailQueue } from './mail-queue/routes.js';
import { registerMembers } from './members/routes.js';
import { registerMembershipCards } from './membership-cards/routes.js';
import { registerProfiles } from './profiles/routes.js';
import { registerRenewals } from './renewals/routes.js';
import { registerPrivacyPolicy } from './privacy-policy/routes.js';
import { registerSpecialties } from './specialties/routes.js';
import { registerTermsOfService } from './terms-of-service/routes.js';
import { registerTags } from './tags/routes.js';
import { registerTestimonials } from './testimonials/routes.js';
import { registerTwoFactor } from './two-factor/routes.js';
import { registerUsers } from './users/routes.js';

export const CONTENT_MODULES: ((context: ModuleContext) => void)[] = [
  registerMembershipCards,
  registerAboutUs,
  registerActivities,
  registerCpd,
  registerTestimonials,
  registerContactInfo,
  registerFaqs,
  registerPrivacyPolicy,
  registerTermsOfService,
  registerUsers,
  registerAccount,
  registerContactMessages,
  registerMembers,
  registerProfiles,
  registerSpecialties,
  registerTags,
  registerRenewals,
  registerDirectory,
  registerAnnouncements,
  registerDashboard,
  registerAudit,
  registerMailQueue,
  registerTwoFactor,
];
