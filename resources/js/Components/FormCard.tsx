import type { FormEvent, ReactNode } from 'react';
import { Button } from './Button';
import { Card } from './Card';
import { cx } from './cx';
import { FormActions } from './FormActions';
import { Icon } from './Icon';
import { alertIcon } from './icons/alert';
import { FORM_WIDTHS, type FormWidth } from './layout';
import { useT } from '@/i18n';

export interface FormCardProps {
  onSubmit: () => void;
  submitLabel: string;
  cancelHref: string;
  processing: boolean;
  /** A form-wide error (a limit, a conflict) shown above the fields. */
  formError?: string;
  /** `form` (default) for records; `wide` for long-form writing (an insight's body). */
  width?: FormWidth;
  children: ReactNode;
}

/** The shell of a resource's shared Form: a card of fields with Cancel and submit in its footer. */
export function FormCard({ onSubmit, submitLabel, cancelHref, processing, formError, width = 'form', children }: FormCardProps) {
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate className={cx(FORM_WIDTHS[width])}>
      <Card
        footer={
          <FormActions>
            <Button href={cancelHref} variant="secondary">
              {t('common.actions.cancel')}
            </Button>
            <Button type="submit" processing={processing}>
              {submitLabel}
            </Button>
          </FormActions>
        }
      >
        {formError ? (
          <div
            role="alert"
            tabIndex={-1}
            data-form-error
            className="mb-6 flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 focus:outline-none dark:border-red-400/30 dark:bg-red-400/10 dark:text-red-200"
          >
            <Icon icon={alertIcon} className="size-5 shrink-0" />
            <p>{formError}</p>
          </div>
        ) : null}
        {children}
      </Card>
    </form>
  );
}

export default FormCard;
