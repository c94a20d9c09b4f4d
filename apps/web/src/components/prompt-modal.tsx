import type { ReactNode } from 'react';
import Modal from 'antd/es/modal';

interface PromptModalProps {
  title: ReactNode;
  footer: ReactNode;
  open?: boolean;
  children: ReactNode;
}

/**
 * A question the plant waits on: it stays until one of its buttons answers it, so neither a
 * click beside it nor Escape can lose it.
 */
export function PromptModal({ title, footer, open = true, children }: PromptModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={footer}
    >
      {children}
    </Modal>
  );
}
