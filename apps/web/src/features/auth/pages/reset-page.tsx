import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { AuthCard, FormMessage } from '../components/auth-card.tsx';

export default function ResetPage() {
  const navigate = useNavigate();
  return (
    <AuthCard title="Password Changed">
      <FormMessage type="success">Your password has been changed.</FormMessage>
      <p className="vp-auth-hint">You can now log in with your new password.</p>
      <Button type="primary" block onClick={() => void navigate('/login')}>
        Log in
      </Button>
    </AuthCard>
  );
}
