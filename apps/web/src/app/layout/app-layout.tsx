import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import Layout from 'antd/es/layout';
import { ActiveRecipeButton } from '../../features/orders/components/active-recipe-button.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { BrandMark } from '../../components/brand-mark.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { SectionErrorBoundary } from '../../components/section-error-boundary.tsx';
import { policies } from '../../lib/authorization.ts';
import { useSignedInSession } from '../../lib/signed-in-session.ts';
import { LiveIndicator } from './live-indicator.tsx';
import { PlantClock } from './plant-clock.tsx';
import { SideNavigation } from './side-navigation.tsx';
import { UserMenu } from './user-menu.tsx';
import styles from './app-layout.module.css';
import { usePlantName } from './use-plant-name.ts';

/** The console's frame: navigation on the left, plant alerts and the user on top. */
export function AppLayout() {
  const session = useSignedInSession();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const plantName = usePlantName();

  return (
    <Layout className={styles.root}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        breakpoint="lg"
        width={232}
      >
        <div className={styles.siderInner}>
          <div className={styles.brand}>
            <BrandMark size={30} />
            {collapsed ? null : <span className={styles.brandName}>{plantName}</span>}
          </div>
          <nav className={styles.navigation}>
            <SideNavigation role={session.role} />
          </nav>
          <div className={styles.version} title={`Version ${__APP_VERSION__}`}>
            {collapsed ? __APP_VERSION__ : `Version ${__APP_VERSION__}`}
          </div>
        </div>
      </Layout.Sider>
      <Layout>
        <Layout.Header className={styles.header}>
          <PlantClock />
          <div className={styles.headerActions}>
            <SectionErrorBoundary label="the header">
              <LiveIndicator />
              {policies.plantAlerts(session.role) ? (
                <>
                  <ActiveRecipeButton />
                  <NotificationBell />
                </>
              ) : null}
              <UserMenu session={session} />
            </SectionErrorBoundary>
          </div>
        </Layout.Header>
        <Layout.Content className={styles.content}>
          <SectionErrorBoundary key={pathname} label="this screen">
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </SectionErrorBoundary>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
