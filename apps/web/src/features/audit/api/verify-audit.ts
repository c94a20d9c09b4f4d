import { useMutation } from '@tanstack/react-query';
import { auditVerification, type AuditVerification } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Walks the hash chain on the server; a read, run on demand from the button. */
export function verifyAudit(): Promise<AuditVerification> {
  return apiRequest('/audit/verify', auditVerification);
}

export function useVerifyAudit() {
  return useMutation({ mutationFn: verifyAudit });
}
