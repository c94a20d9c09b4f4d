import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import type { RoastingOrder } from '@roastery/contract';
import { useRowLayout } from '../../../components/responsive-table/row-layout.ts';
import styles from './orders.module.css';

type Product = RoastingOrder['product'];

/**
 * The product's name; a click or tap shows its recipe: each bean and its ratio %, under the
 * whole name. In a table cell a long name is cut; on a card it wraps.
 */
export function RecipePopover({ product }: { product: Product }) {
  const cut = useRowLayout() === 'table';
  return (
    <Popover
      trigger="click"
      title={product.product_name}
      content={
        product.product_recipes.length === 0 ? (
          'No recipe'
        ) : (
          <ul className={styles.recipe} aria-label={`Recipe of ${product.product_name}`}>
            {product.product_recipes.map((line) => (
              <li key={line.bean_id}>
                <span>{line.bean_name}</span>
                <span>{line.ratio}%</span>
              </li>
            ))}
          </ul>
        )
      }
    >
      <Button
        type="link"
        className={`${styles.productLink} ${cut ? styles.productCut : styles.productWraps}`}
      >
        {product.product_name}
      </Button>
    </Popover>
  );
}
