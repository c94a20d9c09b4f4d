/** Role ids as the spec numbers them; the browser keeps them as strings in a cookie. */
export const Role = {
  Administrator: 1,
  Supervisor: 2,
  Operator: 3,
  /** Enters lab results of roasted lots and reads their records; signs no decision (ADR 0046). */
  QualityTechnician: 4,
} as const;

export type RoleId = (typeof Role)[keyof typeof Role];

export const roleIds: readonly RoleId[] = [
  Role.Administrator,
  Role.Supervisor,
  Role.Operator,
  Role.QualityTechnician,
];

export const roleNames: Record<RoleId, string> = {
  [Role.Administrator]: 'Administrator',
  [Role.Supervisor]: 'Supervisor',
  [Role.Operator]: 'Operator',
  [Role.QualityTechnician]: 'Quality technician',
};

export function isRoleId(value: unknown): value is RoleId {
  return roleIds.includes(value as RoleId);
}
