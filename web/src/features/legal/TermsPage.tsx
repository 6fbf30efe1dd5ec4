import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../lib/product';
import { useAppConfig } from '../../lib/use-app-config';
import { LegalPage, type LegalSection } from './LegalPage';

export const TERMS_UPDATED = '2026-11-22';

export function TermsPage() {
  const { dynamic } = useAppConfig();
  const support = <a href={`mailto:${dynamic.supportEmail}`}>{dynamic.supportEmail}</a>;

  const sections: LegalSection[] = [
    {
      id: 'agreement',
      heading: 'Agreement to these terms',
      body: (
        <p>
          By creating an account or using the {PRODUCT_NAME} (the “service”), you agree to these terms and to
          our <Link to="/privacy">Privacy Policy</Link>. If you use the service for a school or another organisation,
          you confirm that you may accept these terms on its behalf. If you do not agree, please do not use the service.
        </p>
      ),
    },
    {
      id: 'accounts',
      heading: 'Your account and signing in',
      body: (
        <>
          <p>
            You sign in with a link sent to your e-mail address, or with a password, a passkey or a supported social
            account. Sign-in links work once and expire after 15 minutes. Keep access to your e-mail account and your
            devices secure: anyone who can read your e-mail can sign in as you.
          </p>
          <p>
            Give accurate information when you register and keep it up to date. Tell us at once at {support} if you
            believe someone else has used your account.
          </p>
        </>
      ),
    },
    {
      id: 'content',
      heading: 'Using the library',
      body: (
        <>
          <p>
            The books, essays, lectures, courses and other materials in the service are protected by copyright and are
            owned by us or by the authors and publishers who license them to us. You may read, watch and listen to them
            for your own study and, where a programme says so, for teaching in your classroom.
          </p>
          <p>
            You may not copy, redistribute, sell or publicly perform the materials, remove copyright notices, or
            collect the content by automated means, except where the law expressly allows it.
          </p>
        </>
      ),
    },
    {
      id: 'teachers',
      heading: 'Free Books for Teachers',
      body: (
        <>
          <p>
            Teachers at accredited schools may request free classroom sets of books. When you request books you confirm
            that the school details you give are accurate and that the books will be used for teaching. Books provided
            through the programme may not be resold.
          </p>
          <p>
            Requests are subject to availability and review, and we may decline or limit an order. Classroom codes
            give your students access to the related online materials; share them only with your students.
          </p>
        </>
      ),
    },
    {
      id: 'contests',
      heading: 'Essay contests',
      body: (
        <>
          <p>
            Each contest has its own published rules on eligibility, topics, length and deadlines, which form part of
            these terms for that contest. Entries must be your own original work and must not have been published
            elsewhere. Essays are read and scored by our graders, and the judges’ decisions are final.
          </p>
          <p>
            You keep the copyright in your essay. By entering, you allow us to store, read and score it, and, if it
            wins a prize, to publish it with your name as the contest rules describe.
          </p>
        </>
      ),
    },
    {
      id: 'payments',
      heading: 'Payments and subscriptions',
      body: (
        <>
          <p>
            Paid products and subscriptions are charged in US dollars unless stated otherwise. Card payments are
            processed by our payment provider, Stripe; we never see or store your full card number.
          </p>
          <p>
            A subscription renews automatically at the end of each billing period until you cancel it. You can cancel at
            any time in your account; the subscription then stays active until the end of the period you have paid for,
            and you can reactivate it before then. Refunds are given where the law requires or where we say so at the
            time of purchase.
          </p>
        </>
      ),
    },
    {
      id: 'conduct',
      heading: 'Acceptable use',
      body: (
        <>
          <p>You agree not to:</p>
          <ul>
            <li>break the law or infringe anyone’s rights, including intellectual property and privacy rights;</li>
            <li>harass, threaten or impersonate others, or post content that is hateful, obscene or misleading;</li>
            <li>submit work that is not your own in a contest, or help others to do so;</li>
            <li>probe, overload or interfere with the service, or get around its security or usage limits;</li>
            <li>share your account, or access accounts or data that are not yours.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'your-content',
      heading: 'Content you submit',
      body: (
        <p>
          You are responsible for what you submit, such as profile details, essays and messages. You keep your rights in
          it and give us a worldwide, non-exclusive licence to host, store and display it only as needed to run the
          service. We may remove content that breaks these terms.
        </p>
      ),
    },
    {
      id: 'availability',
      heading: 'Availability and changes to the service',
      body: (
        <p>
          We work to keep the service available and accurate, but we provide it “as is” and cannot promise that it
          will always be uninterrupted or free of errors. We may change, add or remove features and content, and we will
          tell you in advance of changes that significantly affect a paid subscription.
        </p>
      ),
    },
    {
      id: 'liability',
      heading: 'Limitation of liability',
      body: (
        <p>
          To the extent the law allows, we are not liable for indirect or consequential losses, or for loss of data,
          profits or opportunity, arising from your use of the service. Our total liability for any claim is limited to
          the amount you paid us in the twelve months before the claim. Nothing in these terms limits liability that
          cannot be limited by law.
        </p>
      ),
    },
    {
      id: 'termination',
      heading: 'Ending your use of the service',
      body: (
        <p>
          You may stop using the service and ask us to delete your account at any time. We may suspend or close an
          account that seriously or repeatedly breaks these terms; where we can, we will tell you why first and give you
          a chance to respond.
        </p>
      ),
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      body: (
        <p>
          We may update these terms as the service changes. The date at the top shows the latest version. If a change
          is significant, we will tell you by e-mail or in the service before it takes effect; continuing to use the
          service afterwards means you accept the new terms.
        </p>
      ),
    },
    {
      id: 'contact',
      heading: 'Contact us',
      body: <p>Questions about these terms are welcome at {support}.</p>,
    },
  ];

  return (
    <LegalPage
      title="Terms of Service"
      updated={TERMS_UPDATED}
      intro={
        <p>
          These terms explain the rules for using the {PRODUCT_NAME}: your account, the library, our programmes for
          teachers and students, and payments. Please read them carefully.
        </p>
      }
      sections={sections}
    />
  );
}
