/**
 * Built-in default content for the Global Nutrition Network website.
 *
 * This module serves two purposes:
 *  - it is the public site's fallback when the server returns no content, and
 *  - it is the demo content seeded into an empty database.
 *
 * All values are plain, mutable data (no `as const`) so that consumers can
 * copy, spread or serialise them freely. The counts and lengths respect the
 * validation rules of the admin forms (see SPEC sections 5 and 9).
 */

// ---------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------

export interface DefaultObjective {
  title: string;
  description: string;
}

export interface DefaultAboutUs {
  description: string;
  aims: string;
  objectives: DefaultObjective[];
}

export interface DefaultMembershipCardPoint {
  value: string;
}

export interface DefaultMembershipCard {
  type: string;
  title: string;
  subtitle: string;
  points: DefaultMembershipCardPoint[];
}

export interface DefaultTestimonial {
  name: string;
  role: string;
  quote: string;
  isFeatured: boolean;
}

export interface DefaultFaq {
  question: string;
  answer: string;
  category: string;
}

export interface DefaultSocialLinks {
  instagram: string;
  facebook: string;
  twitter: string;
  linkedin: string;
}

export interface DefaultContactInfo {
  email: string;
  phone: string;
  instagram: string;
  socialLinks: DefaultSocialLinks;
}

export interface DefaultActivity {
  title: string;
  description: string;
  location: string;
  status: 'upcoming' | 'past';
  tags: string[];
  capacity: number | null;
  /** Offset in days from "today" used to compute the activity date (negative for past activities). */
  daysFromNow: number;
  /** Hour of the day, in UTC, at which the activity starts. */
  hourUtc: number;
}

// ---------------------------------------------------------------------------
// Organisation
// ---------------------------------------------------------------------------

export const organisationName: string = 'Global Nutrition Network';

export const organisationTagline: string =
  'An international community of dietitians and nutritionists advancing education, research and public health.';

export const joinGroupChatUrl: string = 'https://chat.whatsapp.com/example-invite';

// ---------------------------------------------------------------------------
// About Us
// ---------------------------------------------------------------------------

export const defaultAboutUs: DefaultAboutUs = {
  description:
    'The Global Nutrition Network is an international community of dietitians, nutritionists and students of nutrition science. ' +
    'We bring together practitioners from hospitals, clinics, universities, public health programmes and private practice ' +
    'to share knowledge, learn from one another and raise the standard of nutrition care across borders.',
  aims:
    'Our aim is to connect nutrition professionals worldwide so that every member can grow in clinical skill, research ' +
    'confidence and career opportunity. We promote evidence-based practice, support continuing education and encourage ' +
    'collaboration that improves the nutritional health of the communities our members serve.',
  objectives: [
    {
      title: 'Case Study Discussions',
      description:
        'Regular, moderated discussions of real, anonymised patient cases, so that members can compare approaches and learn from colleagues in different clinical settings.',
    },
    {
      title: 'Cross-Border Patient Counselling',
      description:
        'Connecting members who can counsel patients across countries and languages, with attention to cultural food practices and local guidelines.',
    },
    {
      title: 'Global Nutrition Education',
      description:
        'Webinars, workshops and reading circles led by experienced practitioners and researchers, open to members at every stage of their career.',
    },
    {
      title: 'Job Opportunities',
      description:
        'Sharing vacancies, internships and project roles in clinical nutrition, research and public health from our partners and members around the world.',
    },
    {
      title: 'Cross-Border Degrees',
      description:
        'Guidance on postgraduate degrees, fellowships and professional registration abroad, drawing on the experience of members who have studied in other countries.',
    },
  ],
};

// ---------------------------------------------------------------------------
// Membership benefit cards
// ---------------------------------------------------------------------------

export const defaultMembershipCards: DefaultMembershipCard[] = [
  {
    type: 'Community',
    title: 'A Supportive Professional Community',
    subtitle:
      'Join dietitians and nutritionists from many countries who share ideas, questions and encouragement every day.',
    points: [
      { value: 'Active member group chat' },
      { value: 'Peer support from experienced colleagues' },
      { value: 'Friendly welcome for students and new graduates' },
    ],
  },
  {
    type: 'Education',
    title: 'Continuing Education',
    subtitle:
      'Keep your knowledge current with webinars, workshops and reading circles on the latest nutrition evidence.',
    points: [
      { value: 'Monthly expert-led webinars' },
      { value: 'Hands-on practical workshops' },
      { value: 'Certificates of participation' },
      { value: 'Recordings and shared resources' },
    ],
  },
  {
    type: 'Career',
    title: 'Career Development',
    subtitle: 'Discover job openings, internships and mentoring that help you take the next step in your career.',
    points: [
      { value: 'Vacancies shared by members and partners' },
      { value: 'One-to-one mentoring' },
      { value: 'CV and interview guidance' },
    ],
  },
  {
    type: 'Research',
    title: 'Research Collaboration',
    subtitle: 'Find partners for studies, surveys and publications, and build confidence in research methods.',
    points: [
      { value: 'Multi-country research projects' },
      { value: 'Journal club discussions' },
      { value: 'Support with study design and writing' },
    ],
  },
  {
    type: 'Global',
    title: 'Global Network',
    subtitle: 'Connect with colleagues across continents and learn how nutrition is practised in other health systems.',
    points: [
      { value: 'Members in many countries' },
      { value: 'Guidance on studying and working abroad' },
      { value: 'Cross-cultural dietary knowledge' },
    ],
  },
  {
    type: 'Practice',
    title: 'Better Clinical Practice',
    subtitle: 'Sharpen your clinical reasoning through case studies and practical tools you can use with patients.',
    points: [
      { value: 'Regular case study discussions' },
      { value: 'Evidence-based counselling tools' },
      { value: 'Second opinions from peers' },
      { value: 'Updates on clinical guidelines' },
    ],
  },
];

// ---------------------------------------------------------------------------
// Testimonials
// ---------------------------------------------------------------------------

export const defaultTestimonials: DefaultTestimonial[] = [
  {
    name: 'Amina Wanjiru',
    role: 'Clinical Dietitian, Kenya',
    quote:
      'The case study discussions have changed the way I work. Hearing how colleagues in India and the United Kingdom manage the same conditions has made my own counselling more thoughtful and more confident.',
    isFeatured: true,
  },
  {
    name: 'Rohan Mehta',
    role: 'Sports Nutritionist, India',
    quote:
      'Through the Global Nutrition Network I found a mentor, joined my first research project and learnt about postgraduate options abroad. It is a generous and genuinely helpful community.',
    isFeatured: false,
  },
  {
    name: 'Sofia Almeida',
    role: 'Public Health Nutritionist, Portugal',
    quote:
      'The webinars are practical and well chosen, and the members are always willing to share resources. I recommend the network to every nutrition student I meet.',
    isFeatured: false,
  },
];

// ---------------------------------------------------------------------------
// Frequently asked questions
// ---------------------------------------------------------------------------

export const defaultFaqs: DefaultFaq[] = [
  {
    question: 'Who can join the Global Nutrition Network?',
    answer:
      'Membership is open to registered dietitians, nutritionists, nutrition researchers and public health professionals, as well as students enrolled in nutrition, dietetics or related health programmes anywhere in the world.',
    category: 'Membership',
  },
  {
    question: 'How much does membership cost?',
    answer:
      'Joining the Global Nutrition Network is currently free. There is no membership fee, and most of our online activities are also free of charge. If a paid event is ever offered, the cost will be stated clearly in advance.',
    category: 'Membership',
  },
  {
    question: 'How do I become a member?',
    answer:
      'Visit the Join Us page and follow the link to our member group chat, then create an account on this website using the Sign Up page. If you have any questions, you can also write to us by e-mail from the Join Us page.',
    category: 'Membership',
  },
  {
    question: 'What activities does the network organise?',
    answer:
      'We organise webinars, case study discussions, practical workshops, journal clubs and occasional regional conferences. Upcoming and past activities are listed in the Activities section of the home page.',
    category: 'Events',
  },
  {
    question: 'Do I receive a certificate for attending events?',
    answer:
      'Certificates of participation are issued for most webinars and workshops to members who register and attend. Please check the description of each activity, as requirements can vary between events.',
    category: 'Events',
  },
  {
    question: 'Can I take part in activities from any country?',
    answer:
      'Yes. Most of our activities take place online so that members in every time zone can take part, and recordings or summaries are shared where possible. In-person events are announced well in advance.',
    category: 'Events',
  },
  {
    question: 'I have forgotten my password. What should I do?',
    answer:
      'Use the Forgot Password link on the login page and enter the e-mail address you registered with. We will send you a link to set a new password. The link is valid for a limited time, so please use it promptly.',
    category: 'Account',
  },
  {
    question: 'How can I contact the Global Nutrition Network?',
    answer:
      'You can send us a message with the contact form in the Connect section, write to our e-mail address, or reach us on Instagram, Facebook, X and LinkedIn. We aim to reply to all messages within a few working days.',
    category: 'Contact',
  },
];

// ---------------------------------------------------------------------------
// Contact info
// ---------------------------------------------------------------------------

export const defaultContactInfo: DefaultContactInfo = {
  email: 'hello@nutrition-network.example.org',
  phone: '+91 98765 43210',
  instagram: '@globalnutritionnetwork',
  socialLinks: {
    instagram: 'https://www.instagram.com/globalnutritionnetwork',
    facebook: 'https://www.facebook.com/globalnutritionnetwork',
    twitter: 'https://x.com/globalnutrinet',
    linkedin: 'https://www.linkedin.com/company/global-nutrition-network',
  },
};

// ---------------------------------------------------------------------------
// Policies (in their own module, so a page can show other defaults without carrying these texts)
// ---------------------------------------------------------------------------

export {
  defaultPrivacyPolicy,
  defaultTermsOfService,
  type DefaultPrivacyPolicy,
  type DefaultTermsOfService,
} from './policy-defaults.js';

// ---------------------------------------------------------------------------
// Activities
// ---------------------------------------------------------------------------

export const defaultActivities: DefaultActivity[] = [
  {
    title: 'Webinar: Gut Health and the Microbiome in Clinical Practice',
    description:
      'A practical webinar on what current research tells us about the gut microbiome, fibre and fermented foods. ' +
      'Our speaker will translate the evidence into counselling advice for patients with irritable bowel syndrome and other common digestive complaints. ' +
      'A live question-and-answer session follows the talk.',
    location: 'Online (Zoom)',
    status: 'upcoming',
    tags: ['Webinar', 'Gut Health'],
    capacity: 300,
    daysFromNow: 10,
    hourUtc: 13,
  },
  {
    title: 'Case Study Circle: Managing Type 2 Diabetes Across Cultures',
    description:
      'Members present anonymised cases of adults with type 2 diabetes from three different countries. ' +
      'Together we will discuss meal planning around traditional diets, religious fasting and limited access to specialist foods. ' +
      'Please come prepared to share your own experience.',
    location: 'Online (Google Meet)',
    status: 'upcoming',
    tags: ['Case Study', 'Diabetes'],
    capacity: 40,
    daysFromNow: 24,
    hourUtc: 12,
  },
  {
    title: 'Workshop: Paediatric Nutrition in the First 1,000 Days',
    description:
      'A hands-on workshop covering breastfeeding support, complementary feeding and growth monitoring from pregnancy to the age of two. ' +
      'Participants will work through practical scenarios in small groups. ' +
      'Certificates of participation will be issued to all attendees.',
    location: 'Mumbai, India',
    status: 'upcoming',
    tags: ['Workshop', 'Paediatrics', 'Maternal Health'],
    capacity: 60,
    daysFromNow: 45,
    hourUtc: 5,
  },
  {
    title: 'East Africa Regional Nutrition Conference',
    description:
      'Our first regional conference brought together dietitians, researchers and public health officers to discuss malnutrition, food security and the rise of non-communicable diseases. ' +
      'The programme included keynote talks, poster sessions and networking with local universities.',
    location: 'Nairobi, Kenya',
    status: 'past',
    tags: ['Conference', 'Public Health'],
    capacity: null,
    daysFromNow: -20,
    hourUtc: 6,
  },
  {
    title: 'Journal Club: Plant-Based Diets and Cardiovascular Health',
    description:
      'Members reviewed a recent systematic review on plant-based dietary patterns and heart disease risk. ' +
      'The discussion focused on study quality, how to interpret the findings and how to apply them with patients who follow different food traditions.',
    location: 'Online (Zoom)',
    status: 'past',
    tags: ['Journal Club', 'Research'],
    capacity: null,
    daysFromNow: -60,
    hourUtc: 14,
  },
];
