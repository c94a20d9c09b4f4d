import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { productMessages, recipeLine, type Bean } from '@roastery/contract';
import { schemaRule } from '../../../lib/form-rules.ts';
import { recipeTotal, type RecipeLineValues } from '../lib/recipe-total.ts';
import styles from './recipe-lines-field.module.css';

interface RecipeLinesFieldProps {
  beans: Bean[];
  beansLoading: boolean;
}

/**
 * The recipe of a product: one line per bean with its share, and the running total that must
 * reach 100% before the product can be saved (the server checks the same rule).
 */
export function RecipeLinesField({ beans, beansLoading }: RecipeLinesFieldProps) {
  const form = Form.useFormInstance();
  const lines = Form.useWatch<RecipeLineValues[] | undefined>('product_recipes', form);
  const total = recipeTotal(lines ?? []);
  return (
    <Form.List
      name="product_recipes"
      rules={[
        {
          validator: async (_rule, value: RecipeLineValues[] | undefined) => {
            if (!value || value.length === 0) throw new Error(productMessages.recipes);
            if (recipeTotal(value) !== 100) throw new Error(productMessages.ratioTotal);
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <fieldset className={styles.recipe}>
          <legend className={styles.legend}>Recipe</legend>
          {fields.map((field, index) => (
            <div key={field.key} className={styles.line}>
              <Form.Item
                name={[field.name, 'bean_id']}
                label={`Bean ${index + 1}`}
                rules={[{ required: true, message: productMessages.bean }]}
                className={styles.bean}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="Select bean"
                  loading={beansLoading}
                  options={beans.map((b) => ({ value: b.id, label: b.bean_name }))}
                />
              </Form.Item>
              <Form.Item
                name={[field.name, 'ratio']}
                label={`Ratio ${index + 1} (%)`}
                rules={[
                  { required: true, message: productMessages.ratio },
                  schemaRule(recipeLine.shape.ratio),
                ]}
                className={styles.ratio}
              >
                {/* Ratios are stored to the hundredth: the field shows a typed 33.333 as the
                    33.33 that will be kept. */}
                <InputNumber precision={2} suffix="%" />
              </Form.Item>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Remove bean ${index + 1}`}
                onClick={() => remove(field.name)}
                className={styles.remove}
              />
            </div>
          ))}
          <div className={styles.footer}>
            <Button icon={<PlusOutlined />} onClick={() => add()}>
              Add bean to recipe
            </Button>
            <Typography.Text
              strong
              type={total === 100 ? 'success' : 'warning'}
              role="status"
              aria-live="polite"
            >
              Total: {total}% of 100%
            </Typography.Text>
          </div>
          <Form.ErrorList errors={errors} />
        </fieldset>
      )}
    </Form.List>
  );
}
