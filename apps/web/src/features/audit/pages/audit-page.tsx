import { useState } from 'react';
import type { AuditVerification } from '@roastery/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { ReloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAudit, useAuditCategories, type AuditFilters } from '../api/get-audit.ts';
import { useVerifyAudit } from '../api/verify-audit.ts';
import { AuditTable } from '../components/audit-table.tsx';
import styles from './audit-page.module.css';

const FIRST_PAGE: AuditFilters = { page: 1, limit: 20 };

function verdictOf(v: AuditVerification): string {
  if (v.intact) return 'Chain intact';
  if (v.truncated) return 'Chain cut short: rows removed from its end';
  return v.broken_at === null ? 'Published heads altered' : `Chain broken at row ${v.broken_at}`;
}

/** The audit log for administrators: who did what, searched, and its chain checked on demand. */
export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>(FIRST_PAGE);
  const audit = useAudit(filters);
  const categories = useAuditCategories();
  const verify = useVerifyAudit();

  // Every filter change goes back to the first page.
  const filter = (change: Partial<AuditFilters>) =>
    setFilters((current) => ({ ...current, ...change, page: 1 }));

  return (
    <>
      <PageHeader
        title="Audit Log"
        subtitle="Every sign-in, permission denial and change made through the console, append-only."
        actions={
          <Button
            type="primary"
            icon={<SafetyCertificateOutlined />}
            loading={verify.isPending}
            onClick={() => verify.mutate()}
          >
            Verify chain
          </Button>
        }
      />
      {verify.data ? (
        <Alert
          className={styles.verdict}
          showIcon
          type={verify.data.intact ? 'success' : 'error'}
          title={verdictOf(verify.data)}
          description={verify.data.message}
        />
      ) : null}
      {verify.isError ? (
        <Alert
          className={styles.verdict}
          showIcon
          type="error"
          title="The chain could not be checked"
          description={errorMessage(verify.error)}
        />
      ) : null}
      <Card>
        <Space wrap className={styles.filters}>
          <Input.Search
            aria-label="User"
            placeholder="User"
            allowClear
            onSearch={(user) => filter({ user })}
          />
          <Select<string>
            aria-label="Category"
            placeholder="Category"
            allowClear
            className={styles.category}
            value={filters.category}
            options={(categories.data ?? []).map((c) => ({ value: c, label: c }))}
            onChange={(category) => filter({ category })}
          />
          <DatePicker.RangePicker
            aria-label="Date range"
            showTime
            onChange={(range) => {
              const [from, to] = range ?? [];
              filter({ from: from?.toISOString(), to: to?.toISOString() });
            }}
          />
          <Input.Search
            aria-label="Search text"
            placeholder="Action, target, result or address"
            allowClear
            className={styles.text}
            onSearch={(text) => filter({ text })}
          />
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void audit.refetch()}
            loading={audit.isFetching}
          >
            Refresh
          </Button>
        </Space>
        {audit.isError ? (
          <Alert showIcon type="error" title={errorMessage(audit.error)} />
        ) : (
          <AuditTable
            entries={audit.data?.data ?? []}
            total={audit.data?.total ?? 0}
            page={filters.page}
            limit={filters.limit}
            loading={audit.isPending}
            onPage={(page, limit) => setFilters((current) => ({ ...current, page, limit }))}
          />
        )}
      </Card>
    </>
  );
}
