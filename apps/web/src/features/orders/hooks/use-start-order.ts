import { useState } from 'react';
import { useNavigate } from 'react-router';
import Modal from 'antd/es/modal';
import { orderMessages, type RoastingOrder } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { checkBeans, createOrderDumpRequest, useStartOrder } from '../api/start-order.ts';
import { confirmMixedBin } from '../lib/mixed-bin.ts';

/**
 * The Start action of a pending order: check the beans first; if the silos are short, offer
 * the dump station requests (one per silo that misses beans) instead of starting; else start
 * and go to the path the server returns. A destination holding another product asks whether to
 * mix them, and starts again if so; any other refusal (devices in manual mode, for one) shows
 * the server's message. Render contextHolder once in the screen.
 */
export function useStartOrderAction() {
  const [modal, contextHolder] = Modal.useModal();
  const navigate = useNavigate();
  const start = useStartOrder();
  const { message, notification } = useFeedback();
  const [checking, setChecking] = useState<number | undefined>();

  const fail = (error: unknown) =>
    notification.error({ title: 'Error', description: errorMessage(error) });

  const requestDumps = async (order: RoastingOrder, devices: string[]) => {
    try {
      for (const device of devices) {
        await createOrderDumpRequest({ order_id: order.order_id, device_id: device });
      }
      void message.success(
        devices.length === 1
          ? 'Dump station request created'
          : `${devices.length} dump station requests created`,
      );
    } catch (error) {
      fail(error);
    }
  };

  const startOrder = (order: RoastingOrder, allowMixedBin = false): void =>
    start.mutate(
      {
        order_id: order.order_id,
        ...(order.rule_id === null ? {} : { rule: order.rule_id }),
        ...(allowMixedBin ? { allow_mixed_bin: true } : {}),
      },
      {
        onSuccess: (reply) => {
          void message.success(reply.message);
          if (reply.path.startsWith('/')) void navigate(reply.path);
        },
        onError: (error) => {
          if (!confirmMixedBin(modal.confirm, error, () => startOrder(order, true))) fail(error);
        },
      },
    );

  const run = async (order: RoastingOrder) => {
    setChecking(order.order_id);
    try {
      const beans = await checkBeans({ order_id: order.order_id });
      if (beans.same) {
        startOrder(order);
        return;
      }
      const devices = [
        ...new Set(
          beans.request_devices.flatMap((short) => (short.device_id ? [short.device_id] : [])),
        ),
      ];
      void modal.confirm({
        title: 'Not enough beans',
        content: orderMessages.notEnoughBeans,
        okText: 'Yes',
        cancelText: 'No',
        onOk: () => requestDumps(order, devices),
      });
    } catch (error) {
      fail(error);
    } finally {
      setChecking(undefined);
    }
  };

  return {
    start: (order: RoastingOrder) => void run(order),
    /** The order whose start is under way, for its button's spinner. */
    startingId: checking ?? (start.isPending ? start.variables.order_id : undefined),
    contextHolder,
  };
}
