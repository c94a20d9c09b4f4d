import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Role, type AdminReport, type CreateAdminReportBody } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSignedInSession } from '../../../lib/signed-in-session.ts';
import {
  useAdminReports,
  useCreateAdminReport,
  useDeleteAdminReport,
} from '../api/admin-reports.ts';
import { ReportViewer } from '../../../components/report-viewer.tsx';
import styles from '../components/admin-reports.module.css';

function CreateReportForm() {
  const [form] = Form.useForm<CreateAdminReportBody>();
  const create = useCreateAdminReport();
  const { message, notification } = useFeedback();
  return (
    <Card title="Create Report">
      <Form<CreateAdminReportBody>
        form={form}
        layout="vertical"
        onFinish={(values) =>
          create.mutate(values, {
            onSuccess: () => {
              void message.success('Report Created Successfully');
              form.resetFields();
            },
            onError: (error) =>
              notification.error({ title: 'Error', description: errorMessage(error) }),
          })
        }
      >
        <Form.Item
          label="Title"
          name="title"
          rules={[{ required: true, whitespace: true, message: 'Please input title' }]}
        >
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
        </Form.Item>
        <Form.Item
          label="Code"
          name="code"
          extra="A Metabase question number, or one SELECT over report_ledger_movements, report_orders, report_batches or report_events."
          rules={[{ required: true, whitespace: true, message: 'Please input code' }]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} spellCheck={false} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={create.isPending}>
          Create
        </Button>
      </Form>
    </Card>
  );
}

/** The reports administrators define for the reports screen's 'other' tab. */
export function AdminReportsPage() {
  const session = useSignedInSession();
  const reports = useAdminReports();
  const deletion = useDeleteAdminReport();
  const { message, notification } = useFeedback();
  const [preview, setPreview] = useState<AdminReport | null>(null);
  const canEdit = session.role === Role.Administrator;

  const remove = (report: AdminReport) =>
    deletion.mutate(report.id, {
      onSuccess: () => {
        void message.success('Report Deleted Successfully');
        if (preview?.id === report.id) setPreview(null);
      },
      onError: (error) => notification.error({ title: 'Error', description: errorMessage(error) }),
    });

  return (
    <>
      <PageHeader
        title="Reports"
        subtitle="Reports for the reports screen's Other tab: a Metabase question or a read-only query."
      />
      <div className={styles.layout}>
        <Card title="Reports">
          <QueryTable<AdminReport>
            query={reports}
            emptyText="Reports an administrator creates appear here."
            columns={[
              { title: 'Title', dataIndex: 'title', key: 'title' },
              { title: 'Description', dataIndex: 'description', key: 'description' },
              {
                title: 'Action',
                key: 'action',
                render: (_: unknown, report) => (
                  <Space>
                    <Button
                      icon={<EyeOutlined />}
                      aria-label={`Preview ${report.title}`}
                      onClick={() => setPreview(report)}
                    />
                    {canEdit ? (
                      <Popconfirm
                        title="Delete this report?"
                        okText="Delete"
                        okButtonProps={{ danger: true }}
                        onConfirm={() => remove(report)}
                      >
                        <Button
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={`Delete ${report.title}`}
                          loading={deletion.isPending && deletion.variables === report.id}
                        />
                      </Popconfirm>
                    ) : null}
                  </Space>
                ),
              },
            ]}
          />
        </Card>
        {canEdit ? (
          <CreateReportForm />
        ) : (
          <Card>
            <Typography.Text type="secondary">
              Only an administrator creates reports.
            </Typography.Text>
          </Card>
        )}
      </div>
      {preview ? (
        <Card title={preview.title} className={styles.preview}>
          <ReportViewer id={preview.id} />
        </Card>
      ) : null}
    </>
  );
}
