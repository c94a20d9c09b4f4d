import {
  AppstoreOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  FilterOutlined,
  FireOutlined,
  GiftOutlined,
  ImportOutlined,
  RetweetOutlined,
  SwapOutlined,
  ShoppingOutlined,
} from '@ant-design/icons';

/**
 * Device types are data an administrator can extend, so the icon follows words in the type's
 * name, with a neutral icon for anything else.
 */
const iconsByKeyword = [
  { keyword: 'roaster', Icon: FireOutlined },
  { keyword: 're-entry', Icon: RetweetOutlined },
  { keyword: 'silo', Icon: DatabaseOutlined },
  { keyword: 'bin', Icon: DatabaseOutlined },
  { keyword: 'dump', Icon: ImportOutlined },
  { keyword: 'clean', Icon: FilterOutlined },
  { keyword: 'waste', Icon: DeleteOutlined },
  { keyword: 'bagging', Icon: ShoppingOutlined },
  { keyword: 'pack', Icon: GiftOutlined },
  { keyword: 'conveyor', Icon: SwapOutlined },
] as const;

interface DeviceTypeIconProps {
  typeName: string;
  className?: string;
}

export function DeviceTypeIcon({ typeName, className }: DeviceTypeIconProps) {
  const name = typeName.toLowerCase();
  const Icon =
    iconsByKeyword.find(({ keyword }) => name.includes(keyword))?.Icon ?? AppstoreOutlined;
  return <Icon className={className} aria-hidden="true" />;
}
