import type { Page } from 'playwright-core';

declare global {
  interface Window {
    /** When each awaited text first showed, by text. */
    __shownAt?: Record<string, number | undefined>;
  }
}

/** Where a text is awaited: an element's text, or one of its attributes. */
interface Watched {
  selector: string;
  attribute?: string;
}

async function watch(page: Page, watched: Watched, text: string): Promise<void> {
  await page.evaluate(
    ({ selector, attribute, text }) => {
      const shown = (window.__shownAt ??= {});
      // The same text may be awaited again later (a value that comes back): timed afresh.
      shown[text] = undefined;
      const element = document.querySelector(selector);
      if (!element) throw new Error(`no ${selector} on the page`);
      const read = () =>
        attribute === undefined ? element.textContent : element.getAttribute(attribute);
      const observer = new MutationObserver(() => {
        if (read()?.includes(text)) {
          shown[text] = performance.timeOrigin + performance.now();
          observer.disconnect();
        }
      });
      observer.observe(element, {
        subtree: true,
        childList: true,
        characterData: true,
        ...(attribute === undefined ? {} : { attributes: true, attributeFilter: [attribute] }),
      });
    },
    { ...watched, text },
  );
}

/** Notes, in the page, the time a text first shows in the list item named `name`, from now on. */
export async function watchForText(page: Page, name: string, text: string): Promise<void> {
  await watch(page, { selector: `li[aria-label="${name}"]` }, text);
}

/** The same for a text in an attribute of the first element `selector` finds. */
export async function watchForAttribute(
  page: Page,
  selector: string,
  attribute: string,
  text: string,
): Promise<void> {
  await watch(page, { selector, attribute }, text);
}

/** When a watched text showed (the machine's clock, as `now()` reads it), once it has. */
export async function shownAt(page: Page, text: string): Promise<number> {
  const at = await (
    await page.waitForFunction((t) => window.__shownAt?.[t], text, { polling: 'raf' })
  ).jsonValue();
  if (typeof at !== 'number') throw new Error(`${text} never showed`);
  return at;
}
