import { useState } from 'react';
import { Link, useParams } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import { CheckOutlined, CloseOutlined, ExceptionOutlined } from '@ant-design/icons';
import type { QualityLot, SignatureMeaning } from '@roastery/contract';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { paths } from '../../../config/paths.ts';
import { policies } from '../../../lib/authorization.ts';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import { useSignedInSession } from '../../../lib/signed-in-session.ts';
import { useQualityLot } from '../api/get-quality-lot.ts';
import { DecisionModal } from '../components/decision-modal.tsx';
import { HoldForwardButton } from '../components/hold-forward-button.tsx';
import { QualityResultsTable } from '../components/quality-results-table.tsx';
import { QualitySignaturesTable } from '../components/quality-signatures-table.tsx';
import { QualityStatusTag } from '../components/quality-status-tag.tsx';
import { ResultForm } from '../components/result-form.tsx';
import { firstReleaser, isDecided } from '../lib/quality-lot.ts';
import styles from './quality-lot-page.module.css';

/** A roasted lot's quality record: its status, results and signatures, and what to do next. */
export function QualityLotPage() {
  const { lotId } = useParams();
  const query = useQualityLot(Number(lotId));
  if (query.data) return <LotView lot={query.data} />;
  return (
    <>
      <PageHeader title="Roasted lot" />
      <QueryState query={query}>{(lot) => <LotView lot={lot} />}</QueryState>
    </>
  );
}

function LotView({ lot }: { lot: QualityLot }) {
  const [signing, setSigning] = useState<SignatureMeaning | undefined>();
  const decided = isDecided(lot);
  // Quality technicians enter results; the server lets only plant staff sign decisions.
  const canSign = policies.signDecisions(useSignedInSession().role);
  const releaser = firstReleaser(lot);
  return (
    <>
      <PageHeader
        title={`Lot ${lot.lot_number}`}
        subtitle={lot.product_name ?? 'No product'}
        actions={
          canSign ? (
            <div className={styles.decisions}>
              <HoldForwardButton lotNumber={lot.lot_number} showHold={false} />
              {decided ? null : (
                <>
                  <Button
                    type="primary"
                    icon={<CheckOutlined />}
                    onClick={() => setSigning('released')}
                  >
                    Release
                  </Button>
                  <Button
                    icon={<ExceptionOutlined />}
                    onClick={() => setSigning('released_under_deviation')}
                  >
                    Release under deviation
                  </Button>
                  <Button danger icon={<CloseOutlined />} onClick={() => setSigning('rejected')}>
                    Reject
                  </Button>
                </>
              )}
            </div>
          ) : null
        }
      />
      {releaser ? (
        <Alert
          className={styles.notice}
          type="warning"
          showIcon
          title={`Released by ${releaser}; on hold until a second person signs the release.`}
        />
      ) : null}
      <div className={styles.sections}>
        <Card title="Status" size="small">
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              {
                key: 'status',
                label: 'Status',
                children: <QualityStatusTag status={lot.status} />,
              },
              { key: 'reason', label: 'Reason', children: lot.reason || '—' },
              {
                key: 'batch',
                label: 'Batch',
                children:
                  lot.batch_id === null ? (
                    '—'
                  ) : (
                    <Link to={paths.roastRecordOfBatch.getHref(lot.batch_id)}>
                      {lot.order_id === null
                        ? 'Its roast'
                        : `Order ${formatOrderNumber(lot.order_id)}: its roast`}
                    </Link>
                  ),
              },
            ]}
          />
        </Card>
        <Card title="Results" size="small">
          <QualityResultsTable results={lot.results} />
        </Card>
        {decided ? null : (
          <Card title="Enter a result" size="small">
            <ResultForm lotId={lot.lot_id} />
          </Card>
        )}
        <Card title="Signatures" size="small">
          <QualitySignaturesTable signatures={lot.signatures} />
        </Card>
      </div>
      <DecisionModal lot={lot} meaning={signing} onClose={() => setSigning(undefined)} />
    </>
  );
}
