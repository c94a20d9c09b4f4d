import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import { FireOutlined } from '@ant-design/icons';
import { EmptyState } from '../../../components/empty-state.tsx';
import styles from './active-recipe-button.module.css';

/** The header's active recipe: what is being roasted now. No order is running yet. */
export function ActiveRecipeButton() {
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title="Active Recipe"
      content={
        <div className={styles.content}>
          <EmptyState description="There is no active recipe. The recipe of each order being roasted will show here." />
        </div>
      }
    >
      <Button icon={<FireOutlined />} className={styles.button}>
        Active Recipe
      </Button>
    </Popover>
  );
}
