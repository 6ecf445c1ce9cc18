import { Button } from 'antd';
import { useNavigate } from 'react-router';

export function ErrorPage({ code, title, text }: { code: string; title: string; text: string }) {
  const navigate = useNavigate();
  return (
    <main className="vp-error-page">
      <p className="vp-error-code" aria-hidden="true">
        {code}
      </p>
      <h1>{title}</h1>
      <p>{text}</p>
      <div className="vp-error-actions">
        <Button onClick={() => void navigate(-1)}>Go back</Button>
        <Button type="primary" onClick={() => void navigate('/dashboard')}>
          Back to Dashboard
        </Button>
      </div>
    </main>
  );
}
