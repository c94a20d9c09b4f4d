import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { errorMessage } from '../lib/error-message.ts';

export const LOAD_ERROR_TITLE = 'Error';
export const LOAD_ERROR_TEXT = 'Error fetching data';

interface LoadErrorProps {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}

/**
 * The spec's notice for data that could not be loaded ('Error' / 'Error fetching data'), with
 * the server's own reason below it and a retry.
 */
export function LoadError({ error, retrying, onRetry }: LoadErrorProps) {
  return (
    <Result
      status="error"
      title={LOAD_ERROR_TITLE}
      subTitle={
        <>
          {LOAD_ERROR_TEXT}
          <br />
          {errorMessage(error)}
        </>
      }
      extra={
        <Button onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      }
    />
  );
}
