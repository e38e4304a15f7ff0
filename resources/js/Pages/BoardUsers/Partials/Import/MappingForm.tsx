import { router, usePage } from '@inertiajs/react';
import { useState } from 'react';
import { Badge } from '@/Components/Badge';
import { Button } from '@/Components/Button';
import { Card } from '@/Components/Card';
import { Select } from '@/Components/Select';
import { Table, TBody, Td, Th, THead, Tr } from '@/Components/Table';
import { useT } from '@/i18n';
import type { FieldOption, ImportView, PreviewRow, RowProblems } from './types';
import { arrowIcon } from '@/Components/icons/arrow';
import { route } from '../../../../../../shared/routes';

/** Fields whose values must not wrap in the preview. */
const unbroken = new Set(['phone', 'joined_on']);

const outcomeTones: Record<PreviewRow['outcome'], 'success' | 'info' | 'neutral' | 'danger'> = { create: 'success', update: 'info', skip: 'neutral', error: 'danger' };

const ENCODING_NAMES: Record<ImportView['encoding'], string> = { 'utf-8': 'UTF-8', 'utf-16le': 'UTF-16 LE', 'utf-16be': 'UTF-16 BE', 'windows-1252': 'Windows-1252' };

/** Step 2: which column fills which field, what to do with duplicates, a preview; then start. */
export function MappingForm({ imp, preview, problems, fields }: { imp: ImportView; preview: PreviewRow[]; problems: RowProblems | null; fields: FieldOption[] }) {
  const t = useT();
  const errors = (usePage().props as { errors?: Record<string, string> }).errors ?? {};
  const [saving, setSaving] = useState(false);
  const [starting, setStarting] = useState(false);
  const save = (mapping: string[], duplicates: ImportView['duplicates']) =>
    router.put(
      route('board-user-imports.update', { import: imp.id }),
      { mapping, duplicates },
      { preserveScroll: true, preserveState: true, onStart: () => setSaving(true), onFinish: () => setSaving(false) },
    );
  const setColumn = (i: number, field: string) =>
    save(
      imp.mapping.map((f, j) => (j === i ? field : f)),
      imp.duplicates,
    );
  const label = (field: string) => fields.find((f) => f.value === field)?.label;
  const mapped = imp.mapping.map((f, i) => ({ f, i })).filter(({ f }) => f);
  const sample = preview[0]?.cells ?? [];

  return (
    <div className="space-y-6">
      <Card
        title={t('boardUsers.import.mapping.title')}
        description={t('boardUsers.import.mapping.description', {
          filename: imp.filename,
          rows: imp.total_rows,
          encoding: ENCODING_NAMES[imp.encoding],
          delimiter: imp.delimiter === '\t' ? t('boardUsers.import.mapping.tab') : imp.delimiter,
        })}
        padded={false}
      >
        {errors.mapping || errors.form ? (
          <p role="alert" data-form-error tabIndex={-1} className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-700 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300">
            {errors.mapping ?? errors.form}
          </p>
        ) : null}
        <Table caption={t('boardUsers.import.mapping.caption')}>
          <THead>
            <Tr>
              <Th>{t('boardUsers.import.mapping.column')}</Th>
              <Th className="hidden sm:table-cell">{t('boardUsers.import.mapping.firstRow')}</Th>
              <Th>{t('boardUsers.import.mapping.importsInto')}</Th>
            </Tr>
          </THead>
          <TBody>
            {imp.headers.map((header, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position in the file (two headers can be the same text)
              <Tr key={i}>
                <Td strong className="break-words">
                  {header}
                </Td>
                <Td label={t('boardUsers.import.mapping.firstRow')} className="hidden max-w-xs truncate sm:table-cell">
                  {sample[i] || <span className="text-slate-400">{t('boardUsers.import.mapping.empty')}</span>}
                </Td>
                <Td label={t('boardUsers.import.mapping.importsInto')}>
                  <label htmlFor={`map-${i}`} className="sr-only">
                    {t('boardUsers.import.mapping.fieldFor', { header })}
                  </label>
                  <Select
                    id={`map-${i}`}
                    value={imp.mapping[i] ?? ''}
                    invalid={!!errors[`mapping.${i}`]}
                    aria-describedby={errors[`mapping.${i}`] ? `map-${i}-error` : undefined}
                    onChange={(e) => setColumn(i, e.target.value)}
                    placeholder={t('boardUsers.import.mapping.dontImport')}
                    options={fields}
                    className="w-full sm:w-56"
                  />
                  {errors[`mapping.${i}`] ? (
                    <p id={`map-${i}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
                      {errors[`mapping.${i}`]}
                    </p>
                  ) : null}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
        <fieldset className="border-t border-slate-200 p-4 dark:border-slate-700/70">
          <legend className="sr-only">{t('boardUsers.import.mapping.duplicates')}</legend>
          <p aria-hidden="true" className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-100">
            {t('boardUsers.import.mapping.duplicates')}
          </p>
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            {(
              [
                ['skip', t('boardUsers.import.mapping.skip')],
                ['update', t('boardUsers.import.mapping.update')],
              ] as const
            ).map(([value, text]) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                <input type="radio" name="duplicates" value={value} checked={imp.duplicates === value} onChange={() => save(imp.mapping, value)} className="size-4 accent-brand-500" />
                {text}
              </label>
            ))}
          </div>
        </fieldset>
      </Card>

      <Card title={t('boardUsers.import.preview.title')} description={t('boardUsers.import.preview.description', { count: preview.length })} padded={false}>
        <div aria-busy={saving || undefined} className={saving ? 'opacity-60 transition-opacity' : undefined}>
          <Table caption={t('boardUsers.import.preview.caption')}>
            <THead>
              <Tr>
                <Th>{t('boardUsers.import.preview.row')}</Th>
                {mapped.map(({ f, i }) => (
                  <Th key={i}>{label(f)}</Th>
                ))}
                <Th>{t('boardUsers.import.preview.result')}</Th>
              </Tr>
            </THead>
            <TBody>
              {preview.map((row) => (
                <Tr key={row.line}>
                  <Td strong className="whitespace-nowrap tabular-nums">
                    {t('boardUsers.import.preview.rowNumber', { line: row.line })}
                  </Td>
                  {mapped.map(({ f, i }) => (
                    // A phone number or a date reads as one piece: never broken over lines.
                    <Td key={i} label={label(f)} className={unbroken.has(f) ? 'whitespace-nowrap tabular-nums' : 'max-w-xs break-words'}>
                      {row.cells[i] || <span className="text-slate-400">—</span>}
                    </Td>
                  ))}
                  <Td label={t('boardUsers.import.preview.result')}>
                    <Badge tone={outcomeTones[row.outcome]}>{t('boardUsers.import.preview.outcome', { outcome: row.outcome })}</Badge>
                    {row.error ? <span className="mt-1 block text-xs text-red-700 dark:text-red-300">{row.error}</span> : null}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </div>
        {problems && problems.count > 0 ? <ProblemRows problems={problems} label={label} mapped={mapped} total={imp.total_rows} /> : null}
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-end dark:border-slate-700/70">
          <Button href={route('board-user-imports.index')} variant="secondary">
            {t('boardUsers.import.preview.chooseAnother')}
          </Button>
          <Button
            icon={arrowIcon}
            processing={starting}
            disabled={saving}
            onClick={() => router.post(route('board-user-imports.start', { import: imp.id }), {}, { preserveScroll: true, onStart: () => setStarting(true), onFinish: () => setStarting(false) })}
          >
            {t('boardUsers.import.preview.start', { count: imp.total_rows })}
          </Button>
        </div>
      </Card>
    </div>
  );
}

/** Rows of the whole file that would fail, flagged before the start (the preview shows the first rows only). */
function ProblemRows({ problems, label, mapped, total }: { problems: RowProblems; label: (field: string) => string | undefined; mapped: { f: string; i: number }[]; total: number }) {
  const t = useT();
  return (
    <div className="border-t border-slate-200 dark:border-slate-700/70">
      <p role="status" className="bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:bg-red-950/40 dark:text-red-200">
        {t('boardUsers.import.problems.summary', { count: problems.count, total })}
      </p>
      {problems.rows.length ? (
        <Table caption={t('boardUsers.import.problems.caption')}>
          <THead>
            <Tr>
              <Th>{t('boardUsers.import.preview.row')}</Th>
              {mapped.map(({ f, i }) => (
                <Th key={i}>{label(f)}</Th>
              ))}
              <Th>{t('boardUsers.import.preview.result')}</Th>
            </Tr>
          </THead>
          <TBody>
            {problems.rows.map((row) => (
              <Tr key={row.line}>
                <Td strong className="whitespace-nowrap tabular-nums">
                  {t('boardUsers.import.preview.rowNumber', { line: row.line })}
                </Td>
                {mapped.map(({ f, i }) => (
                  <Td key={i} label={label(f)} className={unbroken.has(f) ? 'whitespace-nowrap tabular-nums' : 'max-w-xs break-words'}>
                    {row.cells[i] || <span className="text-slate-400">—</span>}
                  </Td>
                ))}
                <Td label={t('boardUsers.import.preview.result')}>
                  <Badge tone="danger">{t('boardUsers.import.preview.outcome', { outcome: 'error' })}</Badge>
                  <span className="mt-1 block text-xs text-red-700 dark:text-red-300">{row.error}</span>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      ) : null}
    </div>
  );
}
