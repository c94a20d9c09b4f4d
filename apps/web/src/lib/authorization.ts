import { Role, type RoleId } from '@roastery/contract';

/**
 * What each role may see in the browser. The server enforces its own rules on every call;
 * these only decide what to show and where to send a user.
 */
export const policies = {
  /** The plant screens (orders, devices, logs, ...) and the admin routes. */
  plantScreens: (role: RoleId) => role === Role.Administrator || role === Role.Supervisor,
  /** User administration, reached from the user menu. */
  administration: (role: RoleId) => role === Role.Administrator,
  /** The active recipe button and the notification bell. */
  plantAlerts: (role: RoleId) => role === Role.Administrator || role === Role.Supervisor,
  /** The quality screens, results, roasts, reports and trace: plant staff and quality technicians. */
  qualityScreens: (role: RoleId) =>
    role === Role.Administrator || role === Role.Supervisor || role === Role.QualityTechnician,
  /** Signing a lot's release or rejection: plant staff, not the technicians who test it. */
  signDecisions: (role: RoleId) => role === Role.Administrator || role === Role.Supervisor,
} as const;

export const isOperator = (role: RoleId): boolean => role === Role.Operator;
