import { Card } from 'antd';
import { ChangelogContent } from '../changelog-content.tsx';

export default function ChangelogPage() {
  return (
    <Card className="vp-narrow">
      <h1 className="vp-page-title">Changelog</h1>
      <ChangelogContent />
    </Card>
  );
}
