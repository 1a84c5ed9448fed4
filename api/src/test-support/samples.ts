/** Valid payloads of every admin form, for suites that walk the whole policy table. */

export const policyText = 'These terms describe how the organisation works with members and visitors. '.repeat(3);

export const sampleBodies = {
  announcement: { subject: 'Congress news', body: 'The **programme** is out.', audience: 'staff', activityId: null },
  card: {
    type: 'Community',
    title: 'Peer network',
    subtitle: 'Meet colleagues worldwide.',
    points: [{ value: 'Calls' }],
  },
  about: {
    description: 'A community of nutrition professionals.',
    aims: 'To connect and educate dietitians.',
    objectives: [{ title: 'Case studies', description: 'Monthly case circles.' }],
  },
  contact: { email: 'hello@example.org', phone: '+91 98765 43210', instagram: '@nutrition' },
  policy: { title: 'Policy', content: policyText },
  activity: {
    title: 'Gut health webinar',
    description: 'An hour on the microbiome.',
    date: '2030-01-10T10:00:00Z',
    location: 'Online',
    status: 'upcoming',
    tags: ['webinar'],
  },
  testimonial: { name: 'Asha Rao', role: 'Clinical Dietitian', quote: 'A wonderful community of peers.' },
  faq: { question: 'Who can join the network?', answer: 'Any nutrition professional or student can join.' },
};

/** The four kinds of versioned content: admin path segment and a valid body. */
export const versionedSamples = [
  ['about-us', sampleBodies.about],
  ['contact-info', sampleBodies.contact],
  ['privacy-policy', sampleBodies.policy],
  ['terms-of-service', sampleBodies.policy],
] as const;

/** A 1 x 1 PNG as an upload's base64: the smallest photo the API takes. */
export const samplePhoto =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
