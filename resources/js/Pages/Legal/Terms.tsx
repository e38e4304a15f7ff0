import { Link, usePage } from '@inertiajs/react';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { LegalDocument, LegalTable, type LegalSection } from '@/Components/LegalDocument';
import { PublicLayout } from '@/Layouts/PublicLayout';
import { Trans, useT } from '@/i18n';
import { route } from '../../../../shared/routes';

export interface TermsProps {
  updatedAt: string;
}

export default function Terms({ updatedAt }: TermsProps) {
  const app = usePage().props.appName || 'Boardly';
  const t = useT();
  // A translation says that the English text is the binding one.
  const translated = useLingui().i18n.locale !== 'en-US';

  const sections: LegalSection[] = [
    {
      id: 'agreement',
      title: t('legal.terms.sections.agreement.heading'),
      body: <p>{t('legal.terms.sections.agreement.body', { app })}</p>,
    },
    {
      id: 'accounts',
      title: t('legal.terms.sections.accounts.heading'),
      body: (
        <ul>
          <li>{t('legal.terms.sections.accounts.items.1')}</li>
          <li>{t('legal.terms.sections.accounts.items.2')}</li>
          <li>{t('legal.terms.sections.accounts.items.3')}</li>
          <li>{t('legal.terms.sections.accounts.items.4')}</li>
        </ul>
      ),
    },
    {
      id: 'organisations',
      title: t('legal.terms.sections.organisations.heading'),
      body: (
        <>
          <p>{t('legal.terms.sections.organisations.intro', { app })}</p>
          <LegalTable caption={t('legal.terms.sections.organisations.table.caption')}>
            <thead>
              <tr>
                <th scope="col">{t('legal.terms.sections.organisations.table.role')}</th>
                <th scope="col">{t('legal.terms.sections.organisations.table.may')}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>{t('legal.terms.sections.organisations.table.viewer.name')}</td>
                <td>{t('legal.terms.sections.organisations.table.viewer.may')}</td>
              </tr>
              <tr>
                <td>{t('legal.terms.sections.organisations.table.editor.name')}</td>
                <td>{t('legal.terms.sections.organisations.table.editor.may')}</td>
              </tr>
              <tr>
                <td>{t('legal.terms.sections.organisations.table.admin.name')}</td>
                <td>{t('legal.terms.sections.organisations.table.admin.may')}</td>
              </tr>
              <tr>
                <td>{t('legal.terms.sections.organisations.table.owner.name')}</td>
                <td>{t('legal.terms.sections.organisations.table.owner.may')}</td>
              </tr>
            </tbody>
          </LegalTable>
          <p>{t('legal.terms.sections.organisations.responsibility')}</p>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: t('legal.terms.sections.acceptableUse.heading'),
      body: (
        <>
          <p>{t('legal.terms.sections.acceptableUse.intro')}</p>
          <ul>
            <li>{t('legal.terms.sections.acceptableUse.items.1')}</li>
            <li>{t('legal.terms.sections.acceptableUse.items.2')}</li>
            <li>{t('legal.terms.sections.acceptableUse.items.3')}</li>
            <li>{t('legal.terms.sections.acceptableUse.items.4')}</li>
            <li>{t('legal.terms.sections.acceptableUse.items.5')}</li>
            <li>{t('legal.terms.sections.acceptableUse.items.6', { app })}</li>
          </ul>
          <p>{t('legal.terms.sections.acceptableUse.enforcement')}</p>
        </>
      ),
    },
    {
      id: 'plans',
      title: t('legal.terms.sections.plans.heading'),
      body: (
        <>
          <p>{t('legal.terms.sections.plans.intro')}</p>
          <LegalTable caption={t('legal.terms.sections.plans.table.caption')}>
            <thead>
              <tr>
                <th scope="col">{t('legal.terms.sections.plans.table.plan')}</th>
                <th scope="col">{t('legal.terms.sections.plans.table.members')}</th>
                <th scope="col">{t('legal.terms.sections.plans.table.boardUsers')}</th>
                <th scope="col">{t('legal.terms.sections.plans.table.insights')}</th>
                <th scope="col">{t('legal.terms.sections.plans.table.publicLinks')}</th>
                <th scope="col">{t('legal.terms.sections.plans.table.portalMembers')}</th>
                <th scope="col">{t('legal.terms.sections.plans.table.price')}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>{t('legal.terms.sections.plans.table.free')}</td>
                <td>3</td>
                <td>25</td>
                <td>50</td>
                <td>{t('legal.terms.sections.plans.table.no')}</td>
                <td>5</td>
                <td>{t('legal.terms.sections.plans.table.freePrice')}</td>
              </tr>
              <tr>
                <td>{t('legal.terms.sections.plans.table.team')}</td>
                <td>10</td>
                <td>500</td>
                <td>{t('legal.terms.sections.plans.table.unlimited')}</td>
                <td>{t('legal.terms.sections.plans.table.yes')}</td>
                <td>100</td>
                <td>{t('legal.terms.sections.plans.table.teamPrice')}</td>
              </tr>
              <tr>
                <td>{t('legal.terms.sections.plans.table.business')}</td>
                <td>{t('legal.terms.sections.plans.table.unlimited')}</td>
                <td>{t('legal.terms.sections.plans.table.unlimited')}</td>
                <td>{t('legal.terms.sections.plans.table.unlimited')}</td>
                <td>{t('legal.terms.sections.plans.table.yes')}</td>
                <td>{t('legal.terms.sections.plans.table.unlimited')}</td>
                <td>{t('legal.terms.sections.plans.table.businessPrice')}</td>
              </tr>
            </tbody>
          </LegalTable>
          <ul>
            <li>{t('legal.terms.sections.plans.items.1')}</li>
            <li>{t('legal.terms.sections.plans.items.2')}</li>
            <li>{t('legal.terms.sections.plans.items.3')}</li>
            <li>{t('legal.terms.sections.plans.items.4')}</li>
          </ul>
        </>
      ),
    },
    {
      id: 'public-links',
      title: t('legal.terms.sections.publicLinks.heading'),
      body: (
        <>
          <p>{t('legal.terms.sections.publicLinks.body1')}</p>
          <p>{t('legal.terms.sections.publicLinks.body2')}</p>
        </>
      ),
    },
    {
      id: 'content',
      title: t('legal.terms.sections.content.heading'),
      body: (
        <p>
          <Trans id="legal.terms.sections.content.body" components={{ 0: <Link href={route('privacy-policy')} /> }} />
        </p>
      ),
    },
    {
      id: 'availability',
      title: t('legal.terms.sections.availability.heading'),
      body: <p>{t('legal.terms.sections.availability.body', { app })}</p>,
    },
    {
      id: 'termination',
      title: t('legal.terms.sections.termination.heading'),
      body: (
        <ul>
          <li>{t('legal.terms.sections.termination.items.1')}</li>
          <li>{t('legal.terms.sections.termination.items.2')}</li>
          <li>{t('legal.terms.sections.termination.items.3')}</li>
        </ul>
      ),
    },
    {
      id: 'liability',
      title: t('legal.terms.sections.liability.heading'),
      body: <p>{t('legal.terms.sections.liability.body')}</p>,
    },
    {
      id: 'changes',
      title: t('legal.terms.sections.changes.heading'),
      body: <p>{t('legal.terms.sections.changes.body', { app })}</p>,
    },
  ];

  return (
    <LegalDocument
      title={t('legal.terms.title')}
      updatedAt={updatedAt}
      labels={{
        updated: (time) => <Trans id="legal.document.updated" components={{ 0: time }} />,
        contents: t('legal.document.contents'),
      }}
      intro={
        <>
          <p>{t('legal.terms.intro', { app })}</p>
          {translated ? <p className="text-sm text-slate-500 dark:text-slate-400">{t('legal.document.binding')}</p> : null}
        </>
      }
      sections={sections}
    />
  );
}

Terms.layout = (page: ReactNode) => <PublicLayout>{page}</PublicLayout>;
