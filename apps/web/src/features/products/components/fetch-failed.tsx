import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { errorMessage } from '../../../lib/error-message.ts';

interface FetchFailedProps {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}

/** The spec's notice for products or beans that could not be loaded: 'Failed to Fetch'. */
export function FetchFailed({ error, retrying, onRetry }: FetchFailedProps) {
  return (
    <Result
      status="error"
      title="Failed to Fetch"
      subTitle={errorMessage(error)}
      extra={
        <Button onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      }
    />
  );
}
