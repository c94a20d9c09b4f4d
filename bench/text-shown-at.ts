import type { Page } from 'playwright-core';

declare global {
  interface Window {
    /** When each awaited text first showed, by text. */
    __shownAt?: Record<string, number>;
  }
}

/** Notes, in the page, the time a text first shows in the list item named `name`, from now on. */
export async function watchForText(page: Page, name: string, text: string): Promise<void> {
  await page.evaluate(
    ({ name, text }) => {
      const shown = (window.__shownAt ??= {});
      const element = document.querySelector(`li[aria-label="${name}"]`);
      if (!element) throw new Error(`no ${name} on the page`);
      const observer = new MutationObserver(() => {
        if (element.textContent?.includes(text)) {
          shown[text] = performance.timeOrigin + performance.now();
          observer.disconnect();
        }
      });
      observer.observe(element, { subtree: true, childList: true, characterData: true });
    },
    { name, text },
  );
}
