import { useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { paths } from '../../config/paths.ts';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="This address is not a screen of the console."
      extra={
        <Button type="primary" onClick={() => void navigate(paths.home.getHref())}>
          Back to Dashboard
        </Button>
      }
    />
  );
}
