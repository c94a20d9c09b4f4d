import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/use-session.ts';
import { LoginCover } from '../components/login-cover.tsx';
import { LoginForm } from '../components/login-form.tsx';
import styles from './login-page.module.css';

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();

  if (session) return <Navigate to={paths.home.getHref()} replace />;

  return (
    <main className={styles.root}>
      <LoginCover />
      <section className={styles.panel} aria-labelledby="login-title">
        <div className={styles.card}>
          <h2 id="login-title" className={styles.title}>
            Sign in
          </h2>
          <p className={styles.subtitle}>Use the account your plant administrator gave you.</p>
          <LoginForm onSignedIn={() => void navigate(paths.home.getHref(), { replace: true })} />
        </div>
        <p className={styles.version}>Version {__APP_VERSION__}</p>
      </section>
    </main>
  );
}
