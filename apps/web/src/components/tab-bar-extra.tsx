import type { ReactNode } from 'react';
import type { TabsProps } from 'antd/es/tabs';
import styles from './tab-bar-extra.module.css';

/**
 * A tab bar with controls above its right end, for Tabs' renderTabBar. antd's own
 * tabBarExtraContent puts them inside the tab list, where assistive technology expects nothing
 * but tabs. The bar stays a direct child of the tabs, which antd's styles rely on.
 */
export function tabBarWithExtra(extra: ReactNode): NonNullable<TabsProps['renderTabBar']> {
  return function TabBarWithExtra(props, DefaultTabBar) {
    return (
      <>
        <div className={styles.extra}>{extra}</div>
        <DefaultTabBar {...props} />
      </>
    );
  };
}
