import type { SocialLinks as Links } from '@npo/shared';
import { FacebookIcon, InstagramIcon, LinkedInIcon, TwitterIcon } from '../page-icons';

const NETWORKS = [
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
  { key: 'twitter', label: 'Twitter', Icon: TwitterIcon },
  { key: 'linkedin', label: 'LinkedIn', Icon: LinkedInIcon },
] as const;

/** One icon link per network that has an address; a network left empty in the console is not shown. */
export function SocialLinks({ links, className = '' }: { links: Links; className?: string }) {
  const present = NETWORKS.filter((network) => links[network.key]);
  if (present.length === 0) return null;
  return (
    <ul className={`social-links ${className}`}>
      {present.map(({ key, label, Icon }) => (
        <li key={key}>
          <a
            href={links[key]}
            className="social-links__link"
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
          >
            <Icon size={18} />
          </a>
        </li>
      ))}
    </ul>
  );
}
