import Grid from 'antd/es/grid';

/**
 * Whether the window is narrower than a tablet (antd's md breakpoint, 768 px): the console then
 * folds its navigation into a drawer and condenses its header.
 */
export function usePhoneWidth(): boolean {
  // Before antd has measured the window, md is unknown: the full layout is the safer guess.
  return Grid.useBreakpoint().md === false;
}
