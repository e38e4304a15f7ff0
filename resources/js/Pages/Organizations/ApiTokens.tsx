import { Head, router } from '@inertiajs/react';
import { useState, type FormEvent } from 'react';
import { Badge, type BadgeTone } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { Checkbox } from '@/Components/Checkbox';
import { ConfirmDialog } from '@/Components/ConfirmDialog';
import { EmptyState } from '@/Components/EmptyState';
import { Field } from '@/Components/Field';
import { FormColumn } from '@/Components/FormColumn';
import { PageHeader } from '@/Components/PageHeader';
import { Select } from '@/Components/Select';
import { Table, TBody, Td, Th, THead, Tr } from '@/Components/Table';
import { TextInput } from '@/Components/TextInput';
import { useAppForm } from '@/hooks/useAppForm';
import { useFormatters } from '@/hooks/useFormatters';
import { useT } from '@/i18n';
import type { ApiAbility } from '../../../../shared/api-abilities';
import { route } from '../../../../shared/routes';

export type ApiTokenState = 'active' | 'expired' | 'revoked';

export interface ApiTokenRow {
  id: number;
  name: string;
  /** The prefix and first characters, then an ellipsis: enough to tell tokens apart, never to use one. */
  hint: string;
  abilities: ApiAbility[];
  /** The maker's name as it was (they may have left since). */
  created_by_name: string | null;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  last_used_ip: string | null;
  revoked_at: string | null;
  state: ApiTokenState;
}

export interface ApiTokensProps {
  organization: { id: number; name: string };
  tokens: ApiTokenRow[];
  abilities: ApiAbility[];
  expiry: { min: number; max: number };
  /** The token just made, shown on this page view only (a reload no longer has it). */
  created: { id: number; name: string; token: string } | null;
}

/** Message ids of the abilities (their names hold `:` and `-`, which catalog keys avoid). */
const abilityKey: Record<ApiAbility, string> = {
  'board-users:read': 'boardUsersRead',
  'board-users:write': 'boardUsersWrite',
  'insights:read': 'insightsRead',
  'insights:write': 'insightsWrite',
  'activity:read': 'activityRead',
};

const stateTone: Record<ApiTokenState, BadgeTone> = { active: 'success', expired: 'warning', revoked: 'danger' };

/** Expiry choices offered; the server accepts any whole number of days in its range. */
const EXPIRY_CHOICES = [7, 30, 90, 180, 365];

export default function ApiTokens({ organization, tokens, abilities, expiry, created }: ApiTokensProps) {
  const t = useT();
  return (
    <>
      <Head title={t('organizations.apiTokens.headTitle', { name: organization.name })} />
      <PageHeader
        title={t('organizations.apiTokens.title')}
        description={organization.name}
        back={{ href: route('organizations.edit', { id: organization.id }), label: t('organizations.apiTokens.backToSettings') }}
      />
      <FormColumn>
        {created ? <NewToken created={created} /> : null}
        <CreateToken organizationId={organization.id} abilities={abilities} expiry={expiry} />
        <TokenList organizationId={organization.id} tokens={tokens} />
      </FormColumn>
    </>
  );
}

function NewToken({ created }: { created: NonNullable<ApiTokensProps['created']> }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Card
      title={t('organizations.apiTokens.created.title', { name: created.name })}
      description={t('organizations.apiTokens.created.description')}
      className="border-emerald-300 dark:border-emerald-400/40"
      data-testid="new-api-token"
    >
      <Field label={t('organizations.apiTokens.created.label')}>{(p) => <TextInput {...p} readOnly value={created.token} className="font-mono" onFocus={(e) => e.currentTarget.select()} />}</Field>
      <div className="mt-3 flex items-center gap-3">
        <Button variant="secondary" onClick={copy}>
          {t('organizations.apiTokens.created.copy')}
        </Button>
        <span role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {copied ? t('organizations.apiTokens.created.copied') : ''}
        </span>
      </div>
    </Card>
  );
}

function CreateToken({ organizationId, abilities, expiry }: { organizationId: number; abilities: ApiAbility[]; expiry: ApiTokensProps['expiry'] }) {
  const t = useT();
  const form = useAppForm<{ name: string; abilities: ApiAbility[]; expires_in_days: string }>({ name: '', abilities: [], expires_in_days: '90' });
  const errors = form.errors as Record<string, string | undefined>;
  const toggle = (ability: ApiAbility, on: boolean) =>
    form.setData('abilities', on ? abilities.filter((a) => a === ability || form.data.abilities.includes(a)) : form.data.abilities.filter((a) => a !== ability));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('api-tokens.store', { id: organizationId }), { preserveScroll: true, onSuccess: () => form.reset() });
  };
  return (
    <Card title={t('organizations.apiTokens.form.title')} description={t('organizations.apiTokens.form.description')}>
      <form onSubmit={submit} noValidate className="space-y-5">
        <Field label={t('organizations.apiTokens.form.name')} hint={t('organizations.apiTokens.form.nameHint')} error={form.errors.name} required>
          {(p) => <TextInput {...p} name="name" maxLength={100} value={form.data.name} onChange={(e) => form.setData('name', e.target.value)} />}
        </Field>
        <fieldset className="space-y-3" aria-describedby={errors.abilities ? 'api-token-abilities-error' : undefined}>
          <legend className="text-sm font-medium text-slate-900 dark:text-white">{t('organizations.apiTokens.form.abilities')}</legend>
          {abilities.map((ability) => (
            <Checkbox
              key={ability}
              name="abilities[]"
              value={ability}
              label={t(`organizations.apiTokens.abilities.${abilityKey[ability]}`)}
              hint={<code className="text-xs">{ability}</code>}
              checked={form.data.abilities.includes(ability)}
              onChange={(e) => toggle(ability, e.target.checked)}
            />
          ))}
          {errors.abilities ? (
            <p id="api-token-abilities-error" className="text-sm text-red-600 dark:text-red-400">
              {errors.abilities}
            </p>
          ) : null}
        </fieldset>
        <Field label={t('organizations.apiTokens.form.expiry')} hint={t('organizations.apiTokens.form.expiryHint', expiry)} error={errors.expires_in_days}>
          {(p) => (
            <Select
              {...p}
              name="expires_in_days"
              value={form.data.expires_in_days}
              onChange={(e) => form.setData('expires_in_days', e.target.value)}
              options={[
                ...EXPIRY_CHOICES.map((days) => ({ value: String(days), label: t('organizations.apiTokens.form.days', { count: days }) })),
                { value: '', label: t('organizations.apiTokens.form.noExpiry') },
              ]}
            />
          )}
        </Field>
        <div className="flex justify-end">
          <Button type="submit" processing={form.processing}>
            {t('organizations.apiTokens.form.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function TokenList({ organizationId, tokens }: { organizationId: number; tokens: ApiTokenRow[] }) {
  const t = useT();
  const f = useFormatters();
  const [revoking, setRevoking] = useState<ApiTokenRow | null>(null);
  const [processing, setProcessing] = useState(false);
  return (
    <Card title={t('organizations.apiTokens.list.title')} padded={false}>
      {tokens.length === 0 ? (
        <EmptyState title={t('organizations.apiTokens.list.emptyTitle')} text={t('organizations.apiTokens.list.emptyText')} bordered={false} />
      ) : (
        <Table caption={t('organizations.apiTokens.list.title')}>
          <THead>
            <Tr>
              <Th>{t('organizations.apiTokens.list.name')}</Th>
              <Th>{t('organizations.apiTokens.list.abilities')}</Th>
              <Th>{t('organizations.apiTokens.list.created')}</Th>
              <Th>{t('organizations.apiTokens.list.expires')}</Th>
              <Th>{t('organizations.apiTokens.list.lastUsed')}</Th>
              <Th>{t('organizations.apiTokens.list.state')}</Th>
              <Th>
                <span className="sr-only">{t('organizations.apiTokens.list.actions')}</span>
              </Th>
            </Tr>
          </THead>
          <TBody>
            {tokens.map((token) => (
              <Tr key={token.id} data-testid={`api-token-${token.id}`}>
                <Td strong>
                  <div>{token.name}</div>
                  <code className="text-xs font-normal text-slate-500 dark:text-slate-400">{token.hint}</code>
                </Td>
                <Td label={t('organizations.apiTokens.list.abilities')}>
                  <ul className="flex flex-wrap gap-1">
                    {token.abilities.map((a) => (
                      <li key={a}>
                        <Badge tone="neutral">{a}</Badge>
                      </li>
                    ))}
                  </ul>
                </Td>
                <Td label={t('organizations.apiTokens.list.created')}>
                  <div>{f.date(token.created_at)}</div>
                  <div className="text-xs text-slate-500 dark:text-slate-400">
                    {token.created_by_name ? t('organizations.apiTokens.list.by', { name: token.created_by_name }) : t('organizations.apiTokens.list.byUnknown')}
                  </div>
                </Td>
                <Td label={t('organizations.apiTokens.list.expires')}>{token.expires_at ? f.date(token.expires_at) : t('organizations.apiTokens.list.never')}</Td>
                <Td label={t('organizations.apiTokens.list.lastUsed')}>
                  {token.last_used_at ? (
                    <>
                      <div>{f.dateTime(token.last_used_at)}</div>
                      <div className="text-xs text-slate-500 dark:text-slate-400">{token.last_used_ip}</div>
                    </>
                  ) : (
                    t('organizations.apiTokens.list.neverUsed')
                  )}
                </Td>
                <Td label={t('organizations.apiTokens.list.state')}>
                  <Badge tone={stateTone[token.state]} dot>
                    {t(`organizations.apiTokens.states.${token.state}`)}
                  </Badge>
                </Td>
                <Td actions align="right">
                  {token.state === 'revoked' ? null : (
                    <Button variant="danger" size="sm" onClick={() => setRevoking(token)} aria-label={t('organizations.apiTokens.revoke.labelFor', { name: token.name })}>
                      {t('organizations.apiTokens.revoke.button')}
                    </Button>
                  )}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? t('organizations.apiTokens.revoke.title', { name: revoking.name }) : ''}
        description={t('organizations.apiTokens.revoke.description')}
        confirmLabel={t('organizations.apiTokens.revoke.button')}
        processing={processing}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          router.delete(route('api-tokens.destroy', { id: organizationId, tokenId: revoking.id }), {
            preserveScroll: true,
            onStart: () => setProcessing(true),
            onFinish: () => {
              setProcessing(false);
              setRevoking(null);
            },
          });
        }}
      />
    </Card>
  );
}
