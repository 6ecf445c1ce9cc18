import { usePageNavigate } from '../../../lib/page-navigation.tsx';
import { AuthButton } from '../components/auth-button.tsx';
import { AuthCard, FormMessage } from '../components/auth-card.tsx';

export default function ResetPage() {
  const navigate = usePageNavigate();
  return (
    <AuthCard title="Password Changed">
      <FormMessage type="success">Your password has been changed.</FormMessage>
      <p className="vp-auth-hint">You can now log in with your new password.</p>
      <AuthButton onClick={() => navigate('/login')}>Log in</AuthButton>
    </AuthCard>
  );
}
