/**
 * Lets the app run under the server's Content-Security-Policy: scripts only from the server,
 * <style> elements only with the page's nonce. main.tsx imports this module before any other,
 * as the setting must be in place before the code it governs runs (zod's is in
 * zod-in-browser.ts).
 */

/**
 * The nonce the server put in this page's CSP for <style> elements, from the csp-nonce meta
 * tag of index.html. Read from the property: browsers hide the attribute's value from scripts.
 */
export const cspNonce: string | undefined = document.querySelector<HTMLMetaElement>(
  'meta[property="csp-nonce"]',
)?.nonce;

// antd passes the nonce to the <style> elements it creates (ConfigProvider csp), but its
// utilities that measure scrollbars and lock the page's scrolling behind a dialog
// (@rc-component/util) create theirs without it, so every <style> created by script gets it.
// The policy loses nothing: any script here could read the nonce from the meta tag anyway, and
// <style> in injected markup is made by the HTML parser, not createElement, so stays refused.
if (cspNonce) {
  const nonce = cspNonce;
  const createElement = document.createElement.bind(document);
  document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = createElement(tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  }) as Document['createElement'];
}
