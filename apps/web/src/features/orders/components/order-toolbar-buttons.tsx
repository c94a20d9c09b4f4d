import { useState } from 'react';
import Button from 'antd/es/button';
import { DatabaseOutlined, PlusOutlined } from '@ant-design/icons';
import { FillSiloModal } from './fill-silo-modal.tsx';
import styles from './orders.module.css';

/**
 * Fill WRB Silo (with its modal) and New Order, the end of the pending and roasting tabs'
 * toolbars; each tab opens its own order form, the pending one from the address too.
 */
export function OrderToolbarButtons({ onNewOrder }: { onNewOrder: () => void }) {
  const [filling, setFilling] = useState(false);
  return (
    <>
      <Button
        className={styles.button}
        icon={<DatabaseOutlined />}
        onClick={() => setFilling(true)}
      >
        Fill WRB Silo
      </Button>
      <Button type="primary" className={styles.button} icon={<PlusOutlined />} onClick={onNewOrder}>
        New Order
      </Button>
      <FillSiloModal open={filling} onClose={() => setFilling(false)} />
    </>
  );
}
