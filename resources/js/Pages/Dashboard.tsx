import { Head } from '@inertiajs/react';
import { Button } from '@/Components/Button';
import { EmptyState } from '@/Components/EmptyState';
import { PageHeader } from '@/Components/PageHeader';

/** Placeholder until the dashboard issue lands; uses the default AppLayout. */
export default function Dashboard() {
  return (
    <>
      <Head title="Dashboard" />
      <PageHeader title="Dashboard" description="An overview of your organisation’s board users, insights and recent activity." />
      <EmptyState
        icon="chart"
        title="Your dashboard is on its way"
        text="Soon this page will show your organisation at a glance: counts, plan usage and what your colleagues are doing right now. Meanwhile, start with your board users or insights."
        action={
          <>
            <Button href="/board-users" icon="users">
              Board users
            </Button>
            <Button href="/insights" variant="secondary" icon="document">
              Insights
            </Button>
          </>
        }
      />
    </>
  );
}
