import type { ThemeConfig } from 'antd/es/config-provider';

/**
 * Roast copper on warm greys: readable under plant lighting, calm enough for long shifts. Every
 * colour that text is drawn in, or drawn on, keeps a contrast of at least 4.5:1 (WCAG 2 AA) on
 * white and on the canvas.
 */
export const brandColors = {
  copper: '#a3501c',
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
    // antd lightens a control under the pointer or pressed, below 4.5:1 for copper text on
    // white; these darken it instead.
    colorPrimaryHover: '#8a4418',
    colorPrimaryActive: '#7a3c15',
    colorLinkHover: '#255a82',
    colorInfo: '#2f6f9f',
    colorSuccess: '#2e7d3e',
    colorWarning: '#945a00',
    // The tints behind status text (tags, alerts), pale enough for the text on them to read.
    colorSuccessBg: '#f3faf3',
    colorWarningBg: '#fff7e6',
    colorErrorBg: '#fff1f0',
    colorInfoBg: '#eef5fb',
    colorError: '#c2362b',
    colorErrorHover: '#a32a20',
    colorErrorActive: '#8c231b',
    colorBgLayout: brandColors.canvas,
    colorTextBase: '#231b16',
    // antd draws secondary text, captions and placeholders in see-through shades of the text
    // colour, too faint on white and on the canvas; these are solid and dark enough.
    colorTextDescription: '#6b625c',
    colorTextTertiary: '#6b625c',
    colorTextPlaceholder: '#736a63',
    // Disabled text stays readable: a read-only tag or an empty table's note is still read.
    colorTextDisabled: '#736a63',
    // The text of the preset tags (step 7 of each palette) is one step darker. antd keeps each
    // step under two names, and its tags read the older one.
    green7: '#237804',
    'green-7': '#237804',
    orange7: '#ad4e00',
    'orange-7': '#ad4e00',
    volcano7: '#ad2102',
    'volcano-7': '#ad2102',
    gold7: '#945a00',
    'gold-7': '#945a00',
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
      // The collapsed rail opens a group as a pop-up, in the rail's colour.
      darkPopupBg: brandColors.espresso,
      darkItemSelectedBg: brandColors.copper,
      darkItemHoverBg: brandColors.espressoRaised,
      darkItemColor: '#cbb9ab',
      itemHeight: 44,
      iconSize: 16,
    },
    // The white label of an unchecked switch sits on its grey track.
    Switch: {
      colorTextQuaternary: '#736a63',
      colorTextTertiary: '#5c544f',
    },
    Card: {
      headerFontSize: 15,
    },
  },
};
