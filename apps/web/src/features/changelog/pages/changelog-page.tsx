import { Card } from 'antd';
import { ChangelogContent } from '../changelog-content.tsx';

export default function ChangelogPage() {
  return (
    <Card className="vp-narrow" title={<h1 className="vp-card-title">Changelog</h1>}>
      <ChangelogContent />
    </Card>
  );
}
