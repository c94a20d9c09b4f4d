import type { ThemeConfig } from 'antd/es/config-provider';

/** Roast copper on warm greys: readable under plant lighting, calm enough for long shifts. */
export const brandColors = {
  copper: '#b5591f',
  espresso: '#1f1713',
  espressoRaised: '#2b201a',
  canvas: '#f4f1ed',
} as const;

/** People who ask their system for less motion get none: no zooming dialogs or sliding menus. */
const reducedMotion =
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export const theme: ThemeConfig = {
  token: {
    motion: !reducedMotion,
    colorPrimary: brandColors.copper,
    colorInfo: '#2f6f9f',
    colorSuccess: '#3f8f4f',
    colorWarning: '#d48806',
    colorError: '#c2362b',
    colorBgLayout: brandColors.canvas,
    colorTextBase: '#231b16',
    borderRadius: 6,
    fontFamily:
      "'Inter', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: {
      siderBg: brandColors.espresso,
      triggerBg: brandColors.espressoRaised,
      headerBg: '#ffffff',
      headerHeight: 64,
      headerPadding: '0 24px',
    },
    Menu: {
      darkItemBg: brandColors.espresso,
      darkSubMenuItemBg: brandColors.espresso,
      darkItemSelectedBg: brandColors.copper,
      darkItemHoverBg: brandColors.espressoRaised,
      darkItemColor: '#cbb9ab',
      itemHeight: 44,
      iconSize: 16,
    },
    Card: {
      headerFontSize: 15,
    },
  },
};
