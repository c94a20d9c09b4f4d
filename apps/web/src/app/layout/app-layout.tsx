import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Layout from 'antd/es/layout';
import { MenuOutlined } from '@ant-design/icons';
import { ActiveRecipeButton } from '../../features/orders/components/active-recipe-button.tsx';
import { AlarmFloodBanner } from '../../features/notifications/components/alarm-flood-banner.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { BrandMark } from '../../components/brand-mark.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { SectionErrorBoundary } from '../../components/section-error-boundary.tsx';
import { policies } from '../../lib/authorization.ts';
import { useSignedInSession } from '../../lib/signed-in-session.ts';
import { useKeyboardScrollRegions } from '../../lib/keyboard-scroll-regions.ts';
import { usePhoneWidth } from '../../lib/use-phone-width.ts';
import { LiveIndicator } from './live-indicator.tsx';
import { PlantClock } from './plant-clock.tsx';
import { SideNavigation } from './side-navigation.tsx';
import { UserMenu } from './user-menu.tsx';
import styles from './app-layout.module.css';
import { usePlantName } from './use-plant-name.ts';

interface NavigationColumnProps {
  collapsed: boolean;
  onNavigate?: () => void;
}

/** The brand, the navigation and the version: the sider's column, or the phone's drawer. */
function NavigationColumn({ collapsed, onNavigate }: NavigationColumnProps) {
  const session = useSignedInSession();
  const plantName = usePlantName();
  return (
    <>
      <div className={styles.brand}>
        <BrandMark size={30} />
        {collapsed ? null : <span className={styles.brandName}>{plantName}</span>}
      </div>
      <nav className={styles.navigation}>
        <SideNavigation role={session.role} collapsed={collapsed} onNavigate={onNavigate} />
      </nav>
      <div className={styles.version} title={`Version ${__APP_VERSION__}`}>
        {collapsed ? __APP_VERSION__ : `Version ${__APP_VERSION__}`}
      </div>
    </>
  );
}

/**
 * The console's frame: navigation on the left, plant alerts and the user on top. On a phone the
 * navigation is a drawer opened from the header, and the header keeps icons only.
 */
export function AppLayout() {
  const session = useSignedInSession();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const phone = usePhoneWidth();
  useKeyboardScrollRegions();

  return (
    <Layout className={styles.root}>
      {phone ? (
        <Drawer
          placement="left"
          size={260}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          aria-label="Navigation"
          classNames={{ section: styles.drawer, body: styles.drawerBody }}
        >
          <NavigationColumn collapsed={false} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          breakpoint="lg"
          width={232}
        >
          <div className={styles.siderInner}>
            <NavigationColumn collapsed={collapsed} />
          </div>
        </Layout.Sider>
      )}
      <Layout className={styles.main}>
        <Layout.Header className={styles.header}>
          {phone ? (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label="Open navigation"
              aria-expanded={drawerOpen}
              className={styles.menuButton}
              onClick={() => setDrawerOpen(true)}
            />
          ) : (
            <PlantClock />
          )}
          <div className={styles.headerActions}>
            <SectionErrorBoundary label="the header">
              <LiveIndicator />
              {policies.plantAlerts(session.role) ? (
                <>
                  <ActiveRecipeButton compact={phone} />
                  <NotificationBell />
                </>
              ) : null}
              <UserMenu session={session} compact={phone} />
            </SectionErrorBoundary>
          </div>
        </Layout.Header>
        <Layout.Content className={styles.content}>
          {policies.plantAlerts(session.role) ? (
            <SectionErrorBoundary label="the alarm flood banner">
              <div className={styles.banner}>
                <AlarmFloodBanner />
              </div>
            </SectionErrorBoundary>
          ) : null}
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
