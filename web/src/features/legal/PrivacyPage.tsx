import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../lib/product';
import { useAppConfig } from '../../lib/use-app-config';
import { LegalPage, type LegalSection } from './LegalPage';

export const PRIVACY_UPDATED = '2026-11-22';

export function PrivacyPage() {
  const { dynamic } = useAppConfig();
  const support = <a href={`mailto:${dynamic.supportEmail}`}>{dynamic.supportEmail}</a>;

  const sections: LegalSection[] = [
    {
      id: 'collect',
      heading: 'What we collect',
      body: (
        <>
          <p>We collect only what we need to run the service:</p>
          <ul>
            <li>
              <strong>Account details:</strong> your e-mail address, name, and the sign-in methods you set up (for a
              passkey we keep only its public key; passwords are stored as salted hashes).
            </li>
            <li>
              <strong>Profile and preferences:</strong> such as your theme and whether you want e-mail or push
              notifications.
            </li>
            <li>
              <strong>Learning activity:</strong> the content you open and your progress through books, courses and
              videos.
            </li>
            <li>
              <strong>Teacher programme details:</strong> your school’s name and address, shipping details for book
              orders, and the classroom codes you create.
            </li>
            <li>
              <strong>Contest entries:</strong> your registration, essay drafts, submitted essays and their scores.
            </li>
            <li>
              <strong>Payments:</strong> what you bought, amounts and dates. Card details go directly to our payment
              provider and never reach our servers.
            </li>
            <li>
              <strong>Technical data:</strong> your IP address, browser type and the pages you visit, used for security,
              to prevent abuse and, where enabled, for analytics.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'use',
      heading: 'How we use it',
      body: (
        <ul>
          <li>to sign you in, keep your account secure and remember your progress;</li>
          <li>to process book orders, contest entries, payments and subscriptions;</li>
          <li>to answer your questions and send messages about your account and orders;</li>
          <li>to send news and educational updates, if you have agreed to receive them;</li>
          <li>to understand how the service is used so that we can improve it;</li>
          <li>to meet our legal obligations and to prevent fraud and abuse.</li>
        </ul>
      ),
    },
    {
      id: 'cookies',
      heading: 'Cookies and local storage',
      body: (
        <>
          <p>
            We use essential cookies to keep you signed in. They are marked HttpOnly so that scripts in the page cannot
            read them. Your browser’s local storage keeps a few settings, such as your chosen theme.
          </p>
          <p>
            Where enabled, our analytics (Google Analytics) and marketing (HubSpot) services set their own cookies to
            count page views and understand how visitors use the site. You can block or delete these cookies in your
            browser settings without losing access to the service.
          </p>
        </>
      ),
    },
    {
      id: 'sharing',
      heading: 'Who we share it with',
      body: (
        <>
          <p>
            We do not sell your personal information. We share it only with service providers who process it for us
            under contract, and only as far as they need:
          </p>
          <ul>
            <li>our payment provider (Stripe), to take card payments and manage subscriptions;</li>
            <li>our e-mail delivery provider, to send sign-in links and account messages;</li>
            <li>our customer-relationship service (HubSpot), to manage programme applications and communications;</li>
            <li>our analytics provider (Google Analytics), to measure use of the site;</li>
            <li>shipping carriers, to deliver books ordered through the teacher programme;</li>
            <li>hosting and infrastructure providers, who store the service’s data.</li>
          </ul>
          <p>We may also disclose information when the law requires it or to protect the safety of our users.</p>
        </>
      ),
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      body: (
        <p>
          We keep your account information while your account is open. Sign-in links expire after 15 minutes and
          sessions end after a period of inactivity. When you delete your account we delete or anonymise your personal
          information within 30 days, except records we must keep by law, such as payment records.
        </p>
      ),
    },
    {
      id: 'rights',
      heading: 'Your choices and rights',
      body: (
        <>
          <p>You can:</p>
          <ul>
            <li>see and correct your profile and preferences in your account at any time;</li>
            <li>ask for a copy of the personal information we hold about you;</li>
            <li>ask us to delete your account and personal information;</li>
            <li>unsubscribe from news and marketing e-mails with the link in each message;</li>
            <li>object to or restrict certain uses of your information, where the law gives you that right.</li>
          </ul>
          <p>To make a request, write to {support}. We answer within 30 days.</p>
        </>
      ),
    },
    {
      id: 'students',
      heading: 'Students and children',
      body: (
        <p>
          The service is meant for adults, teachers and students of high-school age and older. We do not knowingly
          collect personal information from children under 13. Students take part in contests and classroom access
          through their teacher or with a parent’s permission. If you believe a child under 13 has given us personal
          information, contact us and we will delete it.
        </p>
      ),
    },
    {
      id: 'security',
      heading: 'How we protect it',
      body: (
        <p>
          Connections to the service are encrypted. Sign-in tokens and session keys are stored only in hashed form, and
          access to personal information is limited to the staff and providers who need it. No system is perfectly
          secure; if a breach affects your information, we will tell you as the law requires.
        </p>
      ),
    },
    {
      id: 'transfers',
      heading: 'Where your information is processed',
      body: (
        <p>
          We and our providers may process information in the United States and other countries. Where the law
          requires, we use safeguards such as standard contractual clauses for these transfers.
        </p>
      ),
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      body: (
        <p>
          We will update this policy when our practices change. The date at the top shows the latest version, and we
          will tell you of significant changes by e-mail or in the service. Our <Link to="/terms">Terms of Service</Link>{' '}
          explain the rules for using the service.
        </p>
      ),
    },
    {
      id: 'contact',
      heading: 'Contact us',
      body: <p>Questions about your privacy or this policy are welcome at {support}.</p>,
    },
  ];

  return (
    <LegalPage
      title="Privacy Policy"
      updated={PRIVACY_UPDATED}
      intro={
        <p>
          This policy explains what personal information the {PRODUCT_NAME} collects, why, who we share it with, and the
          choices you have.
        </p>
      }
      sections={sections}
    />
  );
}
