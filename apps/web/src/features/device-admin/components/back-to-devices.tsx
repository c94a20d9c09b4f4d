import { Link } from 'react-router';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { paths } from '../../../config/paths.ts';
import styles from './back-to-devices.module.css';

/** The way back to the device list from its sub-screens. */
export function BackToDevices() {
  return (
    <Link to={paths.admin.devices.getHref()} className={styles.root}>
      <ArrowLeftOutlined /> Back to devices
    </Link>
  );
}
