import { Link, usePage } from '@inertiajs/react';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { LegalDocument, LegalTable, type LegalSection } from '@/Components/LegalDocument';
import { PublicLayout } from '@/Layouts/PublicLayout';
import { Trans, useT } from '@/i18n';
import { route } from '../../../../shared/routes';

/** Names the browser shows, the same in every language. */
const STORAGE_NAMES = { xsrf: 'XSRF-TOKEN', theme: 'theme' };

export interface PrivacyPolicyPageProps {
  updatedAt: string;
}

export default function PrivacyPolicyPage({ updatedAt }: PrivacyPolicyPageProps) {
  const app = usePage().props.appName || 'Boardly';
  const t = useT();
  // A translation says that the English text is the binding one.
  const translated = useLingui().i18n.locale !== 'en-US';
  const strong = { 0: <strong />, 1: <strong /> };

  const sections: LegalSection[] = [
    {
      id: 'who-we-are',
      title: t('legal.privacy.sections.whoWeAre.heading'),
      body: (
        <>
          <p>
            <Trans id="legal.privacy.sections.whoWeAre.body1" values={{ app }} components={strong} />
          </p>
          <p>
            <Trans id="legal.privacy.sections.whoWeAre.body2" values={{ app }} components={strong} />
          </p>
        </>
      ),
    },
    {
      id: 'what-we-keep',
      title: t('legal.privacy.sections.whatWeKeep.heading'),
      body: (
        <>
          <h3>{t('legal.privacy.sections.whatWeKeep.account.heading')}</h3>
          <ul>
            <li>{t('legal.privacy.sections.whatWeKeep.account.items.1')}</li>
            <li>{t('legal.privacy.sections.whatWeKeep.account.items.2')}</li>
            <li>{t('legal.privacy.sections.whatWeKeep.account.items.3')}</li>
            <li>{t('legal.privacy.sections.whatWeKeep.account.items.4')}</li>
          </ul>
          <h3>{t('legal.privacy.sections.whatWeKeep.organizations.heading')}</h3>
          <ul>
            <li>{t('legal.privacy.sections.whatWeKeep.organizations.items.1')}</li>
            <li>{t('legal.privacy.sections.whatWeKeep.organizations.items.2')}</li>
            <li>{t('legal.privacy.sections.whatWeKeep.organizations.items.3')}</li>
            <li>
              <Trans id="legal.privacy.sections.whatWeKeep.organizations.items.4" components={strong} />
            </li>
          </ul>
          <h3>{t('legal.privacy.sections.whatWeKeep.boardUsers.heading')}</h3>
          <ul>
            <li>{t('legal.privacy.sections.whatWeKeep.boardUsers.items.1')}</li>
            <li>{t('legal.privacy.sections.whatWeKeep.boardUsers.items.2')}</li>
          </ul>
          <p>{t('legal.privacy.sections.whatWeKeep.boardUsers.note')}</p>
          <h3>{t('legal.privacy.sections.whatWeKeep.insights.heading')}</h3>
          <ul>
            <li>{t('legal.privacy.sections.whatWeKeep.insights.items.1')}</li>
            <li>{t('legal.privacy.sections.whatWeKeep.insights.items.2')}</li>
          </ul>
          <h3>{t('legal.privacy.sections.whatWeKeep.activityLog.heading')}</h3>
          <p>
            <Trans id="legal.privacy.sections.whatWeKeep.activityLog.body" components={strong} />
          </p>
          <h3>{t('legal.privacy.sections.whatWeKeep.technicalLogs.heading')}</h3>
          <p>{t('legal.privacy.sections.whatWeKeep.technicalLogs.body')}</p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: t('legal.privacy.sections.cookies.heading'),
      body: (
        <>
          <p>{t('legal.privacy.sections.cookies.intro')}</p>
          <LegalTable caption={t('legal.privacy.sections.cookies.table.caption', { app })}>
            <thead>
              <tr>
                <th scope="col">{t('legal.privacy.sections.cookies.table.name')}</th>
                <th scope="col">{t('legal.privacy.sections.cookies.table.kind')}</th>
                <th scope="col">{t('legal.privacy.sections.cookies.table.purpose')}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>{t('legal.privacy.sections.cookies.table.session.name')}</td>
                <td>{t('legal.privacy.sections.cookies.table.session.kind')}</td>
                <td>{t('legal.privacy.sections.cookies.table.session.purpose')}</td>
              </tr>
              <tr>
                <td>
                  <code>{STORAGE_NAMES.xsrf}</code>
                </td>
                <td>{t('legal.privacy.sections.cookies.table.xsrf.kind')}</td>
                <td>{t('legal.privacy.sections.cookies.table.xsrf.purpose', { app })}</td>
              </tr>
              <tr>
                <td>
                  <code>{STORAGE_NAMES.theme}</code>
                </td>
                <td>{t('legal.privacy.sections.cookies.table.theme.kind')}</td>
                <td>{t('legal.privacy.sections.cookies.table.theme.purpose')}</td>
              </tr>
            </tbody>
          </LegalTable>
        </>
      ),
    },
    {
      id: 'how-we-use',
      title: t('legal.privacy.sections.howWeUse.heading'),
      body: (
        <ul>
          <li>{t('legal.privacy.sections.howWeUse.items.1')}</li>
          <li>{t('legal.privacy.sections.howWeUse.items.2')}</li>
          <li>{t('legal.privacy.sections.howWeUse.items.3')}</li>
          <li>{t('legal.privacy.sections.howWeUse.items.4')}</li>
        </ul>
      ),
    },
    {
      id: 'email',
      title: t('legal.privacy.sections.email.heading'),
      body: <p>{t('legal.privacy.sections.email.body')}</p>,
    },
    {
      id: 'sharing',
      title: t('legal.privacy.sections.sharing.heading'),
      body: (
        <ul>
          <li>
            <Trans id="legal.privacy.sections.sharing.items.members" components={strong} />
          </li>
          <li>
            <Trans id="legal.privacy.sections.sharing.items.links" components={{ 0: <strong />, 1: <Link href={`${route('terms')}#public-links`} /> }} />
          </li>
          <li>
            <Trans id="legal.privacy.sections.sharing.items.providers" components={strong} />
          </li>
          <li>
            <Trans id="legal.privacy.sections.sharing.items.authorities" components={strong} />
          </li>
        </ul>
      ),
    },
    {
      id: 'retention',
      title: t('legal.privacy.sections.retention.heading'),
      body: (
        <ul>
          <li>{t('legal.privacy.sections.retention.items.1')}</li>
          <li>{t('legal.privacy.sections.retention.items.2')}</li>
          <li>
            <Trans id="legal.privacy.sections.retention.items.3" components={strong} />
          </li>
          <li>{t('legal.privacy.sections.retention.items.4')}</li>
          <li>{t('legal.privacy.sections.retention.items.5')}</li>
        </ul>
      ),
    },
    {
      id: 'security',
      title: t('legal.privacy.sections.security.heading'),
      body: <p>{t('legal.privacy.sections.security.body')}</p>,
    },
    {
      id: 'rights',
      title: t('legal.privacy.sections.rights.heading'),
      body: (
        <>
          <p>{t('legal.privacy.sections.rights.intro')}</p>
          <ul>
            <li>{t('legal.privacy.sections.rights.items.1')}</li>
            <li>{t('legal.privacy.sections.rights.items.2')}</li>
            <li>{t('legal.privacy.sections.rights.items.3')}</li>
            <li>{t('legal.privacy.sections.rights.items.4')}</li>
            <li>{t('legal.privacy.sections.rights.items.5')}</li>
          </ul>
          <p>{t('legal.privacy.sections.rights.boardUsers')}</p>
        </>
      ),
    },
    {
      id: 'children',
      title: t('legal.privacy.sections.children.heading'),
      body: <p>{t('legal.privacy.sections.children.body', { app })}</p>,
    },
    {
      id: 'changes',
      title: t('legal.privacy.sections.changes.heading'),
      body: <p>{t('legal.privacy.sections.changes.body')}</p>,
    },
    {
      id: 'contact',
      title: t('legal.privacy.sections.contact.heading'),
      body: <p>{t('legal.privacy.sections.contact.body')}</p>,
    },
  ];

  return (
    <LegalDocument
      title={t('legal.privacy.title')}
      updatedAt={updatedAt}
      labels={{
        updated: (time) => <Trans id="legal.document.updated" components={{ 0: time }} />,
        contents: t('legal.document.contents'),
      }}
      intro={
        <>
          <p>{t('legal.privacy.intro', { app })}</p>
          {translated ? <p className="text-sm text-slate-500 dark:text-slate-400">{t('legal.document.binding')}</p> : null}
        </>
      }
      sections={sections}
    />
  );
}

PrivacyPolicyPage.layout = (page: ReactNode) => <PublicLayout>{page}</PublicLayout>;
