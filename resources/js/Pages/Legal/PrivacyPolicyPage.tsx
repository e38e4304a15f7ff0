import { Link, usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { LegalDocument, LegalTable, type LegalSection } from '@/Components/LegalDocument';
import { PublicLayout } from '@/Layouts/PublicLayout';

export interface PrivacyPolicyPageProps {
  updatedAt: string;
}

export default function PrivacyPolicyPage({ updatedAt }: PrivacyPolicyPageProps) {
  const app = usePage().props.appName || 'Boardly';

  const sections: LegalSection[] = [
    {
      id: 'who-we-are',
      title: 'Who we are and our role',
      body: (
        <>
          <p>
            {app} is operated by the provider of this service (“we”, “us”). We decide how the data about people who sign in to {app} is
            used, so for <strong>account data</strong> we are the controller.
          </p>
          <p>
            Organizations that use {app} enter information about the <strong>board users</strong> they support (board members, trustees,
            directors). For that information the organization is the controller and we process it on the organization’s behalf and on its
            instructions only. If you are a board user, the organization that holds your record is your first point of contact.
          </p>
        </>
      ),
    },
    {
      id: 'what-we-keep',
      title: 'What we keep',
      body: (
        <>
          <h3>Your account</h3>
          <ul>
            <li>Your name and e-mail address, and when you verified the address.</li>
            <li>
              Your password, stored only as an Argon2id hash. We cannot read it and never send it to anyone.
            </li>
            <li>Your preferences: language and region (locale) and time zone.</li>
            <li>Whether you are an operator of the service (a platform administrator).</li>
          </ul>
          <h3>Organizations and memberships</h3>
          <ul>
            <li>Each organization’s name, web address (slug), description, website and whether its public page is switched on.</li>
            <li>Who belongs to which organization and with which role (owner, admin, editor or viewer).</li>
            <li>Invitations: the invited e-mail address, the role offered, and a token stored only in hashed form. Invitations expire after 7 days.</li>
            <li>The organization’s plan, its status and the history of plan changes. We hold <strong>no payment card or bank details</strong>.</li>
          </ul>
          <h3>Board users (entered by organizations)</h3>
          <ul>
            <li>First and last name, and optionally an e-mail address, phone number and joining date.</li>
            <li>Position (such as “Chair”), the board the person sits on, active or inactive status, tags and free-text notes.</li>
          </ul>
          <p>
            Organizations should enter only what they need to support their boards, and should not put sensitive information (such as health
            data) in notes unless they have a lawful basis to do so.
          </p>
          <h3>Insights</h3>
          <ul>
            <li>The briefings that members write: title, summary, text, category, status, author, the board users each one is for, and dates.</li>
            <li>For shared insights, the share link and a simple count of views. Readers of a shared insight need no account, and the count does not record who they are.</li>
          </ul>
          <h3>Activity log</h3>
          <p>
            So that organizations can see what happened and when, every significant action is recorded: who did it, what kind of event it was
            (created, updated, deleted, restored, shared, signed in…), which record it concerned, the fields that changed with their old and
            new values, the <strong>IP address</strong> and <strong>browser (user agent)</strong> it came from, and the time. Passwords, tokens
            and other secrets are never written to the log.
          </p>
          <h3>Technical logs</h3>
          <p>
            Our servers record each request (time, address requested, response status, IP address, user agent and a request identifier) to
            keep the service running and secure. These logs are kept only as long as that purpose needs.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies and local storage',
      body: (
        <>
          <p>We use only what the service needs to work. There are no advertising or analytics cookies and no third-party trackers.</p>
          <LegalTable caption={`Cookies and browser storage used by ${app}`}>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Purpose</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>Session cookie</td>
                  <td>Cookie, HTTP-only</td>
                  <td>Keeps you signed in and remembers your current organization. It holds a random identifier; the session itself stays on our servers.</td>
                </tr>
                <tr>
                  <td>
                    <code>XSRF-TOKEN</code>
                  </td>
                  <td>Cookie</td>
                  <td>Protects forms against cross-site request forgery: our pages send it back with each change so we know the request came from {app}.</td>
                </tr>
                <tr>
                  <td>
                    <code>theme</code>
                  </td>
                  <td>Local storage</td>
                  <td>Remembers whether you chose the light or the dark theme. It never leaves your browser.</td>
                </tr>
              </tbody>
            </LegalTable>
        </>
      ),
    },
    {
      id: 'how-we-use',
      title: 'How we use information',
      body: (
        <ul>
          <li>To provide the service: sign you in, show each organization its own records, apply roles and plan limits, and deliver live updates.</li>
          <li>To keep it secure: detect and limit abuse (for example repeated failed sign-ins), investigate incidents and keep the activity log.</li>
          <li>To send the e-mails described below.</li>
          <li>To meet legal obligations.</li>
        </ul>
      ),
    },
    {
      id: 'email',
      title: 'E-mail',
      body: (
        <p>
          We send only service e-mails: verifying your address, resetting your password, and invitations to join an organization (sent to the
          address a member of that organization entered). We do not send marketing e-mail and we do not e-mail board users.
        </p>
      ),
    },
    {
      id: 'sharing',
      title: 'Who can see what',
      body: (
        <ul>
          <li>
            <strong>Members of an organization</strong> see its records according to their role. Activity logs are visible to admins and
            owners.
          </li>
          <li>
            <strong>Anyone with a share link</strong> can read that insight, and anyone can see the insights an organization lists on its
            public page. Nothing is public unless a member shares it. See <Link href="/terms#public-links">public links</Link> in our terms.
          </li>
          <li>
            <strong>Service providers</strong> who host the service or deliver its e-mail, bound to process data only on our instructions.
          </li>
          <li>
            <strong>Authorities</strong>, where the law requires it.
          </li>
        </ul>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <ul>
          <li>Your account: until you delete it from your profile page.</li>
          <li>Organization records, board users and insights: until the organization removes them or the organization is deleted.</li>
          <li>
            Activity log entries: <strong>365 days</strong>, after which they are deleted automatically.
          </li>
          <li>Sessions: until you sign out or the session expires.</li>
          <li>Invitations: they stop working after 7 days.</li>
        </ul>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <p>
          Passwords are hashed with Argon2id; sessions are held on the server; every change is protected against cross-site request forgery;
          each organization’s records are kept apart and a record of another organization is never revealed; sign-in attempts are
          rate-limited. No system is perfectly secure, and we will tell affected organizations without undue delay if a breach affects their
          data.
        </p>
      ),
    },
    {
      id: 'rights',
      title: 'Your rights',
      body: (
        <>
          <p>Depending on where you live, you may have the right to:</p>
          <ul>
            <li>see the data we hold about you and receive a copy;</li>
            <li>correct it (you can change your name, e-mail and preferences yourself on your profile and settings pages);</li>
            <li>have it deleted (you can delete your account yourself on your profile page);</li>
            <li>object to or restrict some processing;</li>
            <li>complain to your data-protection authority.</li>
          </ul>
          <p>
            Board users should contact the organization that holds their record; it can correct, export or delete it, and we will help it do
            so.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      body: <p>{app} is a tool for organizations and is not meant for children under 16. We do not knowingly keep their data.</p>,
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: <p>When we change this policy we update the date at the top. If a change matters to how your data is used, we will tell you in the app or by e-mail before it applies.</p>,
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Questions about this policy, or a request about your data, can be sent to the operator of this service. If you are a board user,
          please write to the organization that supports your board first.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Privacy policy"
      updatedAt={updatedAt}
      intro={
        <p>
          This policy explains what {app} keeps about you and about the board users organizations record in it, why, for how long, and what
          you can do about it. We keep it short and specific to this product.
        </p>
      }
      sections={sections}
    />
  );
}

PrivacyPolicyPage.layout = (page: ReactNode) => <PublicLayout>{page}</PublicLayout>;
