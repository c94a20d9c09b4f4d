import { Component, type ErrorInfo, type ReactNode } from 'react';
import Button from 'antd/es/button';
import Result from 'antd/es/result';

interface SectionErrorBoundaryProps {
  /** What the section is, for the message: 'this screen', 'the header', ... */
  label: string;
  children: ReactNode;
}

interface SectionErrorBoundaryState {
  failed: boolean;
}

/**
 * Keeps a failing section from blanking the rest of the console: the section shows a notice
 * with a retry, everything around it keeps working.
 */
export class SectionErrorBoundary extends Component<
  SectionErrorBoundaryProps,
  SectionErrorBoundaryState
> {
  override state: SectionErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): SectionErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Error in ${this.props.label}`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Result
        status="warning"
        title={`Something went wrong in ${this.props.label}`}
        subTitle="The rest of the console keeps working. Try again, or reload the page if it persists."
        extra={
          <Button type="primary" onClick={() => this.setState({ failed: false })}>
            Try again
          </Button>
        }
      />
    );
  }
}
