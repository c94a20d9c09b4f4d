import { Link, useParams } from 'react-router';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { CommandKind, CommandList } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { useCommandList } from '../../../lib/get-command-list.ts';
import { useDeviceTypeCommands } from '../api/get-device-type-commands.ts';
import { useTypeCommands } from '../api/get-type-commands.ts';
import { TypeCommandsForm, type CommandOption } from '../components/type-commands-form.tsx';
import styles from './type-commands-page.module.css';

const TYPES_TAB = 1;

function commandOptions(commands: CommandList, kind: CommandKind): CommandOption[] {
  return kind === 'binary'
    ? commands.binary.map((c) => ({
        id: c.command_id,
        label: c.command_label,
        owner: c.command_owner,
      }))
    : commands.inputs.map((c) => ({
        id: c.command_input_id,
        label: c.command_input_label,
        owner: c.command_owner,
      }));
}

/** Manage: the binary or input commands a device type offers. */
export function TypeCommandsPage({ kind }: { kind: CommandKind }) {
  const typeId = Number(useParams().id);
  const valid = Number.isInteger(typeId) && typeId > 0;
  const commands = useCommandList();
  const types = useDeviceTypeCommands();
  const current = useTypeCommands(typeId, kind, { enabled: valid });

  const typeName = types.data?.find((type) => type.id === typeId)?.name;
  const kindLabel = kind === 'binary' ? 'Binary' : 'Input';
  const failed = commands.error ?? current.error;

  const content = () => {
    if (!valid) return <EmptyState title="No Data" description="There is no such device type." />;
    if (failed) {
      return (
        <LoadError
          error={failed}
          retrying={commands.isFetching || current.isFetching}
          onRetry={() => {
            void commands.refetch();
            void current.refetch();
          }}
        />
      );
    }
    if (!commands.data || !current.data) {
      return <Skeleton active title={false} paragraph={{ rows: 4 }} />;
    }
    return (
      <TypeCommandsForm
        key={`${typeId}-${kind}`}
        typeId={typeId}
        kind={kind}
        commands={commandOptions(commands.data, kind)}
        initial={current.data}
      />
    );
  };

  return (
    <>
      <Link to={paths.admin.commands.getHref({ tab: TYPES_TAB })} className={styles.back}>
        <ArrowLeftOutlined /> Back to device types
      </Link>
      <PageHeader
        title={`${kindLabel} Commands${typeName ? ` · ${typeName}` : ''}`}
        subtitle={`The ${kind} commands that devices of this type offer.`}
      />
      <Card>{content()}</Card>
    </>
  );
}
