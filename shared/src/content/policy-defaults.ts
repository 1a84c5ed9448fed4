/**
 * Built-in privacy policy and terms of service: the public site's fallback when no version is active,
 * and the demo content seeded into an empty database (re-exported by defaults.ts).
 */

export interface DefaultPrivacyPolicy {
  title: 'Privacy Policy';
  content: string;
  effectiveDate: string;
}

export interface DefaultTermsOfService {
  title: 'Terms of Service';
  content: string;
  effectiveDate: string;
}

export const defaultPrivacyPolicy: DefaultPrivacyPolicy = {
  title: 'Privacy Policy',
  effectiveDate: '2026-01-01T00:00:00.000Z',
  content: [
    'This policy explains how the Global Nutrition Network collects, uses and protects personal information when you use our website.',
    '1. Information we collect\nWhen you create an account we collect your name, e-mail address and password. When you send us a message through the contact form we collect your name, e-mail address, phone number and the content of your message.',
    "2. How we use your information\nWe use this information to manage your account, respond to your enquiries and tell you about the network's activities. We do not sell, rent or trade your personal data to anyone.",
    '3. Storage and security\nYour information is stored on secure servers and access is limited to authorised administrators. Passwords are stored only in encrypted form.',
    '4. Your rights\nYou may ask us to correct or delete your personal information at any time, and you may close your account whenever you wish.',
    '5. Contact us\nIf you have any questions about this policy or your data, please get in touch through the Connect page.',
  ].join('\n\n'),
};

export const defaultTermsOfService: DefaultTermsOfService = {
  title: 'Terms of Service',
  effectiveDate: '2026-01-01T00:00:00.000Z',
  content: [
    'These terms govern your use of the Global Nutrition Network website and membership. By creating an account or taking part in our activities you agree to them.',
    '1. Membership\nMembership is currently free and open to nutrition and health professionals and students. You agree to give accurate details, including your name, e-mail address and, where requested, phone number, and to keep your login details confidential.',
    '2. Conduct\nMembers are expected to communicate respectfully and professionally. Patient information shared in case discussions must be fully anonymised.',
    "3. Content\nMaterials shared through the network are for professional education only and do not replace individual medical or dietary advice. Please do not reuse others' materials without permission.",
    '4. Your data\nWe handle personal information as described in our Privacy Policy and never sell it to third parties.',
    '5. Changes and termination\nWe may update these terms from time to time and may suspend accounts that breach them.',
    '6. Contact us\nQuestions about these terms can be sent to us through the Connect page.',
  ].join('\n\n'),
};
