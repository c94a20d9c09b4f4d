import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Tabs from 'antd/es/tabs';
import { PlusOutlined } from '@ant-design/icons';
import { tabBarWithExtra } from '../../../components/tab-bar-extra.tsx';
import { CompletedTransfers } from './completed-transfers.tsx';
import { CreateTransferModal } from './create-transfer-modal.tsx';
import { PendingTransfers } from './pending-transfers.tsx';
import styles from './transfer-workspace.module.css';

/**
 * Silo to silo transfers: asking for one, acknowledging it to start its moving workflow, and
 * the finished ones. Shared by the Transfer screen and the Dump Transfer screen's second tab.
 */
export function TransferWorkspace() {
  const [creating, setCreating] = useState(false);
  return (
    <Card>
      <Tabs
        defaultActiveKey="pending"
        renderTabBar={tabBarWithExtra(
          <Button
            type="primary"
            icon={<PlusOutlined />}
            className={styles.createButton}
            onClick={() => setCreating(true)}
          >
            Create Transfer
          </Button>,
        )}
        items={[
          { key: 'pending', label: 'Pending', children: <PendingTransfers /> },
          { key: 'completed', label: 'Completed', children: <CompletedTransfers /> },
        ]}
      />
      <CreateTransferModal open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
