import Card from 'antd/es/card';
import { PageHeader } from '../../../components/page-header.tsx';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import styles from './change-password-page.module.css';

export function ChangePasswordPage() {
  return (
    <>
      <PageHeader
        title="Change Password"
        subtitle="Your other sessions end when the password changes; this one stays signed in."
      />
      <Card className={styles.card}>
        <ChangePasswordForm />
      </Card>
    </>
  );
}
