import { Link, usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { LegalDocument, LegalTable, type LegalSection } from '@/Components/LegalDocument';
import { PublicLayout } from '@/Layouts/PublicLayout';

export interface TermsProps {
  updatedAt: string;
}

export default function Terms({ updatedAt }: TermsProps) {
  const app = usePage().props.appName || 'Boardly';

  const sections: LegalSection[] = [
    {
      id: 'agreement',
      title: 'These terms',
      body: (
        <p>
          These terms apply to everyone who registers for or uses {app}. By creating an account you accept them on your own behalf and, when
          you create or manage an organisation, on behalf of that organisation. If you do not accept them, please do not use the service.
        </p>
      ),
    },
    {
      id: 'accounts',
      title: 'Accounts',
      body: (
        <ul>
          <li>An account is for one person. Give your real name and an e-mail address you control, and verify it.</li>
          <li>Keep your password secret and choose one you do not use elsewhere. You are responsible for what is done with your account.</li>
          <li>Tell the owner of your organization, or us, straight away if you think someone else has used your account.</li>
          <li>You can delete your account at any time from your profile page, unless you are the only owner of an organization; transfer ownership or delete the organization first.</li>
        </ul>
      ),
    },
    {
      id: 'organisations',
      title: 'Organizations and roles',
      body: (
        <>
          <p>Work in {app} happens inside organizations. Each member has one role per organization:</p>
          <LegalTable caption={`What each role may do`}>
              <thead>
                <tr>
                  <th scope="col">Role</th>
                  <th scope="col">May</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>Viewer</td>
                  <td>read the dashboard, board users and insights.</td>
                </tr>
                <tr>
                  <td>Editor</td>
                  <td>also create, edit, delete and restore board users and insights, and share or unshare insights.</td>
                </tr>
                <tr>
                  <td>Admin</td>
                  <td>also read the activity log, manage members and organization settings, and change the subscription.</td>
                </tr>
                <tr>
                  <td>Owner</td>
                  <td>also delete the organization and transfer ownership. Every organization always has at least one owner.</td>
                </tr>
              </tbody>
            </LegalTable>
          <p>
            The organization is responsible for the information its members enter, in particular for having a lawful basis to keep its board
            users’ details and for keeping them accurate. Owners and admins are responsible for who they invite and which role they give.
          </p>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      body: (
        <>
          <p>You agree not to:</p>
          <ul>
            <li>enter or share content that is unlawful, defamatory, or infringes someone else’s rights or privacy;</li>
            <li>try to reach data of organizations you do not belong to, or to get around roles, plan limits or rate limits;</li>
            <li>probe, scan or test the security of the service without our written permission, or upload malicious code;</li>
            <li>overload the service, or collect data from it with automated tools other than the exports it offers;</li>
            <li>share your sign-in with others or sign in as someone else;</li>
            <li>use {app} to send unsolicited messages.</li>
          </ul>
          <p>We may remove content or suspend access that breaks these rules, and will tell the organization’s owners why when we can.</p>
        </>
      ),
    },
    {
      id: 'plans',
      title: 'Plans and limits',
      body: (
        <>
          <p>Each organization has one subscription to one of these plans:</p>
          <LegalTable caption={`Plans and their limits`}>
              <thead>
                <tr>
                  <th scope="col">Plan</th>
                  <th scope="col">Members</th>
                  <th scope="col">Board users</th>
                  <th scope="col">Insights</th>
                  <th scope="col">Public links</th>
                  <th scope="col">Price</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>Free</td>
                  <td>3</td>
                  <td>25</td>
                  <td>50</td>
                  <td>No</td>
                  <td>Free</td>
                </tr>
                <tr>
                  <td>Team</td>
                  <td>10</td>
                  <td>500</td>
                  <td>Unlimited</td>
                  <td>Yes</td>
                  <td>29.00 per month</td>
                </tr>
                <tr>
                  <td>Business</td>
                  <td>Unlimited</td>
                  <td>Unlimited</td>
                  <td>Unlimited</td>
                  <td>Yes</td>
                  <td>99.00 per month</td>
                </tr>
              </tbody>
            </LegalTable>
          <ul>
            <li>A new organization starts with a 14-day trial of Team. If no plan is chosen by the end of the trial, it moves to Free.</li>
            <li>A plan change takes effect immediately. Limits apply when something is added: nothing is deleted if you are over a limit, but you cannot add more until you are back under it or upgrade.</li>
            <li>A canceled subscription stays active until the end of the period already started and can be resumed until then; afterwards it ends.</li>
            <li>Before anything is charged, we will tell you the amount and how to pay. We do not store payment card details.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'public-links',
      title: 'Public links are public',
      body: (
        <>
          <p>
            When a member shares an insight, anyone who has its link can read it without signing in, and it may be listed on the organization’s
            public page if that page is switched on. Links are long and hard to guess, but they can be forwarded, and search engines or others
            may find a link that has been posted somewhere.
          </p>
          <p>
            Share only what you are happy for anyone to read. Withdrawing a link stops it working straight away, but cannot undo copies someone
            already made. The organization is responsible for what it shares.
          </p>
        </>
      ),
    },
    {
      id: 'content',
      title: 'Your content',
      body: (
        <p>
          The organization keeps all rights in the records and insights it enters. It gives us permission to store, process and display them
          only to provide the service, including showing shared insights to the people who open their links. We handle personal data as
          described in our <Link href="/privacy-policy">privacy policy</Link>.
        </p>
      ),
    },
    {
      id: 'availability',
      title: 'Availability and changes to the service',
      body: (
        <p>
          We work to keep {app} available and secure, but we do not promise it will be uninterrupted or error-free. We may improve or change
          features; if we remove something important or change a plan’s price or limits, we will tell organization owners in advance.
        </p>
      ),
    },
    {
      id: 'termination',
      title: 'Ending your use',
      body: (
        <ul>
          <li>You can delete your account, and owners can delete their organization, at any time.</li>
          <li>We may suspend or close an account or organization that seriously or repeatedly breaks these terms, or where the law requires it.</li>
          <li>After deletion, data is removed as described in the privacy policy; activity log entries remain for the rest of their 365-day retention.</li>
        </ul>
      ),
    },
    {
      id: 'liability',
      title: 'Liability',
      body: (
        <p>
          The service is provided “as is”. To the extent the law allows, we are not liable for indirect or consequential loss, loss of data
          you could have exported, or loss caused by content an organization shared, and our total liability for any claim is limited to the
          amount the organization paid us in the twelve months before it. Nothing in these terms limits liability that cannot be limited by
          law.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      body: (
        <p>
          We may update these terms. We will change the date at the top and, for changes that matter, tell you in the app or by e-mail before
          they apply. If you keep using {app} after that, the new terms apply; if you do not agree, you can delete your account.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Terms of service"
      updatedAt={updatedAt}
      intro={
        <p>
          {app} helps organizations keep their board-user directory, write and share insights, and see a record of their team’s work. These
          terms set out what you can expect from us and what we expect from you.
        </p>
      }
      sections={sections}
    />
  );
}

Terms.layout = (page: ReactNode) => <PublicLayout>{page}</PublicLayout>;
