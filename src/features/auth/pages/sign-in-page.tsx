import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCardLayout } from '../components/auth-card-layout';
import { SignInForm } from '../components/sign-in-form';

export default function SignInPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCardLayout
      title={t('signIn.title')}
      subtitle={t('signIn.subtitle')}
      footer={
        <>
          {t('signIn.noAccount')}{' '}
          <Anchor component={Link} to="/sign-up" fw={600}>
            {t('signIn.createAccount')}
          </Anchor>
        </>
      }
    >
      <SignInForm />
    </AuthCardLayout>
  );
}
