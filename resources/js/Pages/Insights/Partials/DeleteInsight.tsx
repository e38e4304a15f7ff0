import { DestructiveAction } from '@/Components/DestructiveAction';
import { useT } from '@/i18n';
import { route } from '../../../../../shared/routes';

/** Delete (to the trash), as the Show and Edit pages both offer it. */
export function DeleteInsight({ id, shared }: { id: number; shared: boolean }) {
  const t = useT();
  return (
    <DestructiveAction
      label={t('insights.delete.label')}
      title={t('insights.delete.title')}
      description={shared ? t('insights.delete.sharedDescription') : t('insights.delete.description')}
      url={route('insights.show', { id })}
    />
  );
}
