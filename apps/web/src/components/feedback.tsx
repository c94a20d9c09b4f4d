import { createContext, useContext, type ReactNode } from 'react';
import message from 'antd/es/message';
import type { MessageInstance } from 'antd/es/message/interface';
import notification from 'antd/es/notification';
import type { NotificationInstance } from 'antd/es/notification/interface';

interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
}

const FeedbackContext = createContext<Feedback | null>(null);

/**
 * Toasts and notifications that follow the console's theme. Unlike antd's App, it does not
 * bring the modal machinery into the first download.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  return (
    <FeedbackContext value={{ message: messageApi, notification: notificationApi }}>
      {messageHolder}
      {notificationHolder}
      {children}
    </FeedbackContext>
  );
}

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback is used outside FeedbackProvider');
  return feedback;
}
