import { useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Tabs from 'antd/es/tabs';
import { ApartmentOutlined, ArrowLeftOutlined, ExperimentOutlined } from '@ant-design/icons';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { paths } from '../../../config/paths.ts';
import { useWorkflow } from '../api/get-workflow.ts';
import { SortStepsTab } from '../components/sort-steps-tab.tsx';
import { StepsTab } from '../components/steps-tab.tsx';
import { WorkflowProductsTab } from '../components/workflow-products-tab.tsx';
import { WorkflowSettingsTab } from '../components/workflow-settings-tab.tsx';
import { WorkflowTriggersTab } from '../components/workflow-triggers-tab.tsx';
import { WorkflowRoute } from '../components/workflow-route.tsx';
import { WorkflowTypeTag } from '../components/workflow-type-tag.tsx';

function Configuration({ id }: { id: number }) {
  const navigate = useNavigate();
  const workflow = useWorkflow(id);

  if (workflow.isError) {
    return (
      <Card>
        <LoadError
          error={workflow.error}
          retrying={workflow.isFetching}
          onRetry={() => void workflow.refetch()}
        />
      </Card>
    );
  }
  if (!workflow.data) return <PageLoading />;
  const data = workflow.data;

  return (
    <>
      <PageHeader
        title={`${data.name} Configuration`}
        subtitle={<WorkflowTypeTag type={data.type} />}
        actions={
          <>
            <Button
              icon={<ArrowLeftOutlined />}
              onClick={() => void navigate(paths.admin.flows.getHref())}
            >
              Workflows
            </Button>
            <Button
              icon={<ApartmentOutlined />}
              onClick={() => void navigate(paths.admin.flow.getHref(id))}
            >
              Designer
            </Button>
            <Button
              icon={<ExperimentOutlined />}
              onClick={() => void navigate(paths.admin.flowTest.getHref(id))}
            >
              Test
            </Button>
          </>
        }
      />
      <Card>
        <Tabs
          items={[
            { key: 'steps', label: 'Workflow Steps', children: <StepsTab workflowId={id} /> },
            {
              key: 'products',
              label: 'Workflow Product',
              children: <WorkflowProductsTab workflowId={id} />,
            },
            { key: 'sort', label: 'Sort Workflow', children: <SortStepsTab workflowId={id} /> },
            {
              key: 'triggers',
              label: 'Workflow Trigger',
              children: <WorkflowTriggersTab workflowId={id} />,
            },
            {
              key: 'settings',
              label: 'Workflow Settings',
              children: <WorkflowSettingsTab workflow={data} />,
            },
          ]}
        />
      </Card>
    </>
  );
}

/** A workflow's configuration: its steps, products, order, triggers and settings. */
export function FlowSortPage() {
  return <WorkflowRoute>{(id) => <Configuration key={id} id={id} />}</WorkflowRoute>;
}
