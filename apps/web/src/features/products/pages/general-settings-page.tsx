import { Link, useSearchParams } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Tabs from 'antd/es/tabs';
import { NodeIndexOutlined } from '@ant-design/icons';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { BeansTab } from '../components/beans-tab.tsx';
import { ProductsTab } from '../components/products-tab.tsx';

const tabs = ['products', 'beans'] as const;
type Tab = (typeof tabs)[number];

const isTab = (value: string | null): value is Tab => tabs.some((tab) => tab === value);

/** Products with their recipes, and the green beans they are made of; the query t keeps the tab. */
export function GeneralSettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('t');
  const active: Tab = isTab(requested) ? requested : 'products';

  return (
    <>
      <PageHeader
        title="General Settings"
        subtitle="Products, their bean recipes, and the green beans with the silos that hold them."
        actions={
          <Link to={paths.trace.getHref()}>
            <Button icon={<NodeIndexOutlined />}>Traceability</Button>
          </Link>
        }
      />
      <Card>
        <Tabs
          activeKey={active}
          onChange={(key) => setSearchParams({ t: key })}
          items={[
            { key: 'products', label: 'Product & Recipe', children: <ProductsTab /> },
            { key: 'beans', label: 'Bean', children: <BeansTab /> },
          ]}
        />
      </Card>
    </>
  );
}
