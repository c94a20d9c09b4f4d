import { isRouteErrorResponse, useRouteError } from 'react-router';
import styles from './route-error-page.module.css';

/**
 * The last line of defence: a route that failed to load or render. Plain markup only, so it
 * still works when the failure is a screen's code that could not be downloaded.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}.`
    : 'The console hit an unexpected error.';
  return (
    <main className={styles.root} role="alert">
      <h1 className={styles.title}>Something went wrong</h1>
      <p className={styles.text}>
        {detail} Reloading usually helps; a new version of the console may have been installed.
      </p>
      <button type="button" className={styles.button} onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
