import { useId } from 'react';
import { ExternalIcon } from './icons';

/** Spec 000 §2: quick links that open the big web mail services in a new tab. */
export const MAIL_SERVICES = [
  { name: 'Gmail', href: 'https://mail.google.com/mail/u/0/#inbox' },
  { name: 'Outlook', href: 'https://outlook.live.com/mail/0/inbox' },
  { name: 'Yahoo Mail', href: 'https://mail.yahoo.com/' },
] as const;

/** 'Open your inbox' and the mail services, each opening in a new tab (check-your-email and the lead confirmation). */
export function MailQuickLinks() {
  const captionId = useId();
  return (
    <>
      <p className="mail-links__caption" id={captionId}>
        Open your inbox
      </p>
      <ul className="mail-links" aria-labelledby={captionId}>
        {MAIL_SERVICES.map((service) => (
          <li key={service.name}>
            <a className="mail-links__link" href={service.href} target="_blank" rel="noopener noreferrer">
              <span className="visually-hidden">Open </span>
              {service.name}
              <ExternalIcon />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
