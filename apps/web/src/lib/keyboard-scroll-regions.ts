import { useEffect } from 'react';

/** antd's tables scroll sideways inside this box when their columns are wider than the card. */
const TABLE_SCROLLER = '.ant-table-content:not([tabindex])';

function makeReachable(root: ParentNode): void {
  for (const scroller of root.querySelectorAll<HTMLElement>(TABLE_SCROLLER)) {
    scroller.tabIndex = 0;
    scroller.setAttribute('role', 'group');
    scroller.setAttribute('aria-label', 'Table, scrolls sideways');
  }
}

/**
 * Lets the keyboard reach every table's scroll box, so that a table of plain text, with nothing
 * focusable in it, can still be scrolled without a mouse (WCAG 2.1.1). antd renders the box
 * itself and offers no way to give it a tab stop, so this does, as tables appear.
 */
export function useKeyboardScrollRegions(): void {
  useEffect(() => {
    let pending = 0;
    makeReachable(document);
    const observer = new MutationObserver(() => {
      // Many changes arrive at once (a live update redraws values): one pass per frame.
      if (pending) return;
      pending = window.requestAnimationFrame(() => {
        pending = 0;
        makeReachable(document);
      });
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      window.cancelAnimationFrame(pending);
    };
  }, []);
}
