import { useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import { PlusOutlined } from '@ant-design/icons';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { policies } from '../../../lib/authorization.ts';
import { useSignedInSession } from '../../../lib/signed-in-session.ts';
import { useRoastProfiles } from '../api/get-roast-profiles.ts';
import { RoastProfilesTable } from '../components/roast-profiles-table.tsx';

export const NO_PROFILES = 'No roast profiles yet';

/** Every roast profile: how each product is roasted on each roaster, at its current version. */
export function RoastProfilesPage() {
  const profiles = useRoastProfiles();
  const navigate = useNavigate();
  const canWrite = policies.plantScreens(useSignedInSession().role);
  const newProfile = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => void navigate(paths.roastProfileNew.getHref())}
    >
      New Profile
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Roast Profiles"
        subtitle="How each product is roasted on each roaster: the reference curve the roast follows and when it ends."
        actions={canWrite && profiles.data?.length ? newProfile : undefined}
      />
      <Card>
        {profiles.isError && !profiles.data ? (
          <LoadError
            error={profiles.error}
            retrying={profiles.isFetching}
            onRetry={() => void profiles.refetch()}
          />
        ) : (
          <RoastProfilesTable
            profiles={profiles.data ?? []}
            loading={profiles.isPending}
            empty={
              <EmptyState
                title={NO_PROFILES}
                description={
                  canWrite
                    ? 'Type a curve in, or import one from an Artisan .alog file.'
                    : 'A supervisor adds the profiles the roasters follow.'
                }
              >
                {canWrite ? newProfile : null}
              </EmptyState>
            }
          />
        )}
      </Card>
    </>
  );
}
