import type { ReactNode } from 'react';
import Card from 'antd/es/card';
import { EmptyState } from './empty-state.tsx';
import { PageHeader } from './page-header.tsx';

interface PlannedScreenProps {
  title: string;
  /** The spec's empty text for the screen. */
  emptyTitle?: string;
  /** One line on what will appear here. */
  description: string;
  /** Tabs or filters the screen already has, shown above the empty state. */
  toolbar?: ReactNode;
}

/**
 * A screen whose data does not exist yet: its title, its navigation, and an honest empty
 * state saying what will appear here. Never sample data.
 */
export function PlannedScreen({ title, emptyTitle, description, toolbar }: PlannedScreenProps) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        {toolbar}
        <EmptyState title={emptyTitle} description={description} />
      </Card>
    </>
  );
}
