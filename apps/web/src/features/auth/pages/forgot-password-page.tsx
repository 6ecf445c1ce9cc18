import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/http.ts';
import { forgotPassword } from '../api.ts';
import { AuthCard, FormMessage } from '../components/auth-card.tsx';

export default function ForgotPasswordPage() {
  const [result, setResult] = useState<{ type: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit({ username }: { username: string }) {
    setBusy(true);
    setResult(null);
    try {
      const { message } = await forgotPassword(username);
      setResult({ type: 'success', text: message });
    } catch (err) {
      setResult({ type: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Forgot Password">
      <p className="vp-auth-hint">Enter your username and we will email you a link to set a new password.</p>
      <Form layout="vertical" onFinish={submit} requiredMark={false} name="forgot-password">
        <Form.Item
          label="Username"
          name="username"
          rules={[{ required: true, whitespace: true, message: 'Please enter your username.' }]}
        >
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        {result && <FormMessage type={result.type}>{result.text}</FormMessage>}
        <Button type="primary" htmlType="submit" block loading={busy}>
          Send reset link
        </Button>
        <div className="vp-auth-links">
          <Link to="/login">Back to login</Link>
        </div>
      </Form>
    </AuthCard>
  );
}
