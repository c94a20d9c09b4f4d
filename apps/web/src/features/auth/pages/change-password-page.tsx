import Card from 'antd/es/card';
import { PageHeader } from '../../../components/page-header.tsx';
import { policies } from '../../../lib/authorization.ts';
import { useSignedInSession } from '../../../lib/signed-in-session.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { TwoStepSignIn } from '../components/two-step-sign-in.tsx';
import styles from './change-password-page.module.css';

export function ChangePasswordPage() {
  const session = useSignedInSession();
  return (
    <>
      <PageHeader
        title="Change Password"
        subtitle="Your other sessions end when the password changes; this one stays signed in."
      />
      <Card className={styles.card}>
        <ChangePasswordForm />
      </Card>
      {policies.administration(session.role) ? <TwoStepSignIn /> : null}
    </>
  );
}
